import { useState } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import * as styles from './assign-modal.css';

export interface AssignOption {
  id: number;
  label: string;
}

export interface AssignModalProps {
  title: string;
  options: AssignOption[];
  loading: boolean;
  /** The current assignments, pre-checked (the call replaces the whole list). */
  initial: number[];
  busy: boolean;
  onAssign: (ids: number[]) => void;
  onClose: () => void;
}

export function AssignModal(props: AssignModalProps) {
  const { title, options, loading, initial, busy, onAssign, onClose } = props;
  const [checked, setChecked] = useState(() => new Set(initial));

  const toggle = (id: number) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={busy || loading}
            onClick={() => onAssign(options.map((o) => o.id).filter((id) => checked.has(id)))}
          >
            {busy ? 'Assigning...' : 'Assign'}
          </Button>
        </>
      }
    >
      {loading ? (
        <Spinner />
      ) : options.length === 0 ? (
        <p>Nothing to assign yet.</p>
      ) : (
        <ul className={styles.list} aria-label={title}>
          {options.map((option) => (
            <li key={option.id} className={styles.item}>
              <input
                type="checkbox"
                id={`assign-${option.id}`}
                checked={checked.has(option.id)}
                onChange={() => toggle(option.id)}
              />
              <label htmlFor={`assign-${option.id}`}>{option.label}</label>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
