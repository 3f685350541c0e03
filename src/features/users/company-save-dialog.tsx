import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import { type CompanyViewer, CompanyScope } from '../../ui/company/company-chooser';
import * as styles from '../../ui/company/company-form.css';

/**
 * The frame of a company dialog that both reads and saves (single sign-on, the company's own
 * settings): Cancel and Save for the form `formId`, the company shown (staff choose it), and the
 * stored settings handed to `children` once loaded, or why they could not be.
 */
export function CompanySaveDialog<Stored>(props: {
  title: string;
  formId: string;
  viewer: CompanyViewer;
  onClose: () => void;
  shown: {
    companyId: number;
    choose: (companyId: number) => void;
    stored: UseQueryResult<Stored>;
    save: { isPending: boolean };
    failure: ReactNode;
  };
  intro?: ReactNode;
  children: (stored: Stored) => ReactNode;
}) {
  const { companyId, choose, stored, save, failure } = props.shown;
  return (
    <Modal
      title={props.title}
      onClose={props.onClose}
      actions={
        <DialogActions
          onCancel={props.onClose}
          form={props.formId}
          busy={save.isPending}
          disabled={!stored.data}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      {props.intro}
      <CompanyScope
        companyId={companyId}
        viewer={props.viewer}
        onChoose={choose}
        className={styles.note}
      />
      {stored.isPending && <p className={styles.note}>Loading the settings…</p>}
      {failure}
      {stored.data !== undefined && props.children(stored.data)}
    </Modal>
  );
}
