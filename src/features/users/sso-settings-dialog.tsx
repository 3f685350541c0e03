import {
  companySsoQueryOptions,
  saveCompanySsoMutationOptions,
} from '../../api/queries/company-sso';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import * as styles from './sso-settings.css';
import { useNotify } from '../../ui/use-notify';
import { SSO_SAVED } from './sso-settings-form';
import { SsoSettingsEditor } from './sso-settings-editor';
import { type CompanyViewer, CompanyChooser } from './company-chooser';
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
  const { companyId, choose, stored, save, failure } = useCompanySettings(viewer, {
    read: companySsoQueryOptions,
    write: saveCompanySsoMutationOptions,
  });

  return (
    <Modal
      title="Single sign-on"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          form={FORM_ID}
          busy={save.isPending}
          disabled={!stored.data}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <p className={styles.note}>
        Let your company&apos;s people sign in to SpanWatch through your identity provider. Everyone
        keeps their password sign-in.
      </p>
      {viewer.isStaff ? (
        <CompanyChooser companyId={companyId} own={viewer} onChoose={choose} />
      ) : (
        <p className={styles.note}>Company: {viewer.company}</p>
      )}
      {stored.isPending && <p className={styles.note}>Loading the settings…</p>}
      {failure}
      {stored.data && (
        <SsoSettingsEditor
          key={companyId}
          formId={FORM_ID}
          stored={stored.data}
          save={save}
          onSaved={() => {
            notify('success', SSO_SAVED);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
