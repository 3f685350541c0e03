import { type FormEvent, useState } from 'react';
import { stack } from '../../ui/layout.css';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { DialogActions } from '../../ui/dialog-actions';

interface ChooseParentDialogProps {
  /** e.g. 'Add Span'. */
  title: string;
  /** e.g. 'Bridge': what the new object hangs off. */
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  /** Called with the chosen option's value; the caller opens the create form for it. */
  onChosen: (value: number) => void;
  onClose: () => void;
}

/**
 * The first step of a create button pressed with nothing selected: a span needs its bridge, a
 * sensor its span, a datastream its sensor. Asking here keeps the buttons in sight without a
 * filter set first (issue 36, decision 043).
 */
export function ChooseParentDialog(props: ChooseParentDialogProps) {
  const { title, label, placeholder, options, onChosen, onClose } = props;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value === '') {
      setError(`Choose the ${label.toLowerCase()}`);
      return;
    }
    onChosen(Number(value));
  };
  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          form="choose-parent-form"
          busy={false}
          label="Next"
          busyLabel="Next"
        />
      }
    >
      <form id="choose-parent-form" className={stack} noValidate onSubmit={submit}>
        <SelectField
          label={label}
          placeholder={placeholder}
          options={options}
          value={value}
          error={error}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
