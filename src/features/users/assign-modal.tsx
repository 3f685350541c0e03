import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { countOf } from '../../../domain/formats';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import * as styles from './assign-modal.css';

export interface AssignOption {
  id: number;
  label: string;
}

export interface AssignModalProps {
  title: string;
  /** What the options are, for the search box and the count ('bridge', 'bridges'). */
  noun: { one: string; other: string };
  options: AssignOption[];
  loading: boolean;
  /** The current assignments, pre-checked (the call replaces the whole list). */
  initial: number[];
  busy: boolean;
  onAssign: (ids: number[]) => void;
  onClose: () => void;
}

export function AssignModal(props: AssignModalProps) {
  const { title, noun, options, loading, initial, busy, onAssign, onClose } = props;
  const [checked, setChecked] = useState(() => new Set(initial));
  const [query, setQuery] = useState('');
  const searchId = useId();
  const deferredQuery = useDeferredValue(query);

  const shown = useMemo(() => {
    const needle = deferredQuery.trim().toLowerCase();
    return needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  }, [options, deferredQuery]);
  const shownChecked = shown.filter((o) => checked.has(o.id)).length;
  const selected = options.filter((o) => checked.has(o.id)).length;

  const toggle = (id: number) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // 'Select all' acts on what the search shows, so a filtered list can be taken at once.
  const toggleShown = () =>
    setChecked((current) => {
      const next = new Set(current);
      const takeAll = shownChecked < shown.length;
      for (const o of shown) {
        if (takeAll) next.add(o.id);
        else next.delete(o.id);
      }
      return next;
    });

  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => onAssign(options.map((o) => o.id).filter((id) => checked.has(id)))}
          busy={busy}
          disabled={loading}
          label="Assign"
          busyLabel="Assigning..."
        />
      }
    >
      {loading ? (
        <Spinner />
      ) : options.length === 0 ? (
        <p>Nothing to assign yet.</p>
      ) : (
        <div className={styles.body}>
          <label htmlFor={searchId} className={styles.searchLabel}>
            Search {noun.other}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.search}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <div className={styles.summary}>
            <SelectAll
              all={shown.length > 0 && shownChecked === shown.length}
              some={shownChecked > 0 && shownChecked < shown.length}
              disabled={shown.length === 0}
              onToggle={toggleShown}
            />
            <p aria-live="polite" className={styles.count}>
              {selected} of {countOf(options.length, noun.one, noun.other)} selected
            </p>
          </div>
          {shown.length === 0 ? (
            <p className={styles.none}>
              No {noun.other} match “{deferredQuery.trim()}”.
            </p>
          ) : (
            <ul className={styles.list} aria-label={title}>
              {shown.map((option) => (
                <li key={option.id}>
                  <label className={styles.item}>
                    <input
                      type="checkbox"
                      className={styles.checkbox}
                      checked={checked.has(option.id)}
                      onChange={() => toggle(option.id)}
                    />
                    {option.label}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}

interface SelectAllProps {
  all: boolean;
  some: boolean;
  disabled: boolean;
  onToggle: () => void;
}

/** A tri-state checkbox: checked when every shown option is, mixed when some are. */
function SelectAll({ all, some, disabled, onToggle }: SelectAllProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <label className={styles.item}>
      <input
        ref={ref}
        type="checkbox"
        className={styles.checkbox}
        checked={all}
        disabled={disabled}
        onChange={onToggle}
      />
      Select all
    </label>
  );
}
