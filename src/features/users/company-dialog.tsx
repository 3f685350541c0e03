import type { CompanyViewer } from './company-chooser';
import { RotasDialog } from './rotas-dialog';
import { SsoSettingsDialog } from './sso-settings-dialog';

export type CompanyDialogKind = 'sso' | 'rotas';

/**
 * User Management's company screens, single sign-on and on-call rotas, loaded together in one
 * lazy chunk: they share the company picker and the form's styles, and every chunk is a name in
 * the entry's list of chunks, which counts against the landing page's budget
 * (tests/build/landing-bundle.test.ts). Opening one fetches both, a few kilobytes.
 */
export function CompanyDialog(props: {
  kind: CompanyDialogKind;
  viewer: CompanyViewer;
  onClose: () => void;
}) {
  return props.kind === 'sso' ? (
    <SsoSettingsDialog viewer={props.viewer} onClose={props.onClose} />
  ) : (
    <RotasDialog viewer={props.viewer} onClose={props.onClose} />
  );
}
