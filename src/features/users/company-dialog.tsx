import type { CompanyViewer } from '../../ui/company/company-chooser';
import { CompanySettingsDialog } from './company-settings-dialog';
import { ContactGroupsDialog } from '../../ui/company/contact-groups-dialog';
import { LimitsDialog } from './limits-dialog';
import { RotasDialog } from '../../ui/company/rotas-dialog';
import { SsoSettingsDialog } from './sso-settings-dialog';

export type CompanyDialogKind = 'sso' | 'rotas' | 'limits' | 'settings' | 'contacts';

/**
 * User Management's company screens, single sign-on, on-call rotas, contact groups, limits and
 * the company's own settings, loaded together in one
 * lazy chunk: they share the company picker and the form's styles, and every chunk is a name in
 * the entry's list of chunks, which counts against the landing page's budget
 * (tests/build/landing-bundle.test.ts). Opening one fetches both, a few kilobytes.
 */
export function CompanyDialog(props: {
  kind: CompanyDialogKind;
  viewer: CompanyViewer;
  onClose: () => void;
}) {
  if (props.kind === 'sso')
    return <SsoSettingsDialog viewer={props.viewer} onClose={props.onClose} />;
  if (props.kind === 'contacts')
    return <ContactGroupsDialog viewer={props.viewer} onClose={props.onClose} />;
  if (props.kind === 'limits')
    return <LimitsDialog viewer={props.viewer} onClose={props.onClose} />;
  if (props.kind === 'settings')
    return <CompanySettingsDialog viewer={props.viewer} onClose={props.onClose} />;
  return <RotasDialog viewer={props.viewer} onClose={props.onClose} />;
}
