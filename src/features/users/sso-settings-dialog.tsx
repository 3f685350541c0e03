import {
  companySsoQueryOptions,
  saveCompanySsoMutationOptions,
} from '../../api/queries/company-sso';
import * as styles from '../../ui/company/company-form.css';
import { useNotify } from '../../ui/use-notify';
import { SSO_SAVED } from './sso-settings-form';
import { SsoSettingsEditor } from './sso-settings-editor';
import type { CompanyViewer } from '../../ui/company/company-chooser';
import { CompanySaveDialog } from './company-save-dialog';
import { useCompanySettings } from './use-company-settings';

const FORM_ID = 'single-sign-on-form';

/**
 * A company's single sign-on (issue 33, decision 054): its OpenID Connect provider, the email
 * domains that sign in through it and whether it is on. Opened from User Management, which
 * only staff and company administrators reach; the server limits an administrator to its own
 * company. A dialog there rather than a route of its own: a route would grow the landing
 * page's bundle (the route tree is in the entry), a dialog rides in the users page's chunk.
 */
export function SsoSettingsDialog({
  viewer,
  onClose,
}: {
  viewer: CompanyViewer;
  onClose: () => void;
}) {
  const notify = useNotify();
  const shown = useCompanySettings(viewer, {
    read: companySsoQueryOptions,
    write: saveCompanySsoMutationOptions,
  });

  return (
    <CompanySaveDialog
      title="Single sign-on"
      formId={FORM_ID}
      viewer={viewer}
      onClose={onClose}
      shown={shown}
      intro={
        <p className={styles.note}>
          Let your company&apos;s people sign in to SpanWatch through your identity provider.
          Everyone keeps their password sign-in.
        </p>
      }
    >
      {(stored) => (
        <SsoSettingsEditor
          key={shown.companyId}
          formId={FORM_ID}
          stored={stored}
          save={shown.save}
          onSaved={() => {
            notify('success', SSO_SAVED);
            onClose();
          }}
        />
      )}
    </CompanySaveDialog>
  );
}
