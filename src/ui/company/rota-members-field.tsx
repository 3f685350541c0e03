import { useEffect, useRef, useState } from 'react';
import { Button } from '../button';
import { SelectField } from '../select-field';
import * as styles from './rotas.css';
import * as form from './company-form.css';

interface RotaMembersFieldProps {
  /** User ids in turn order. */
  members: number[];
  /** The company's people by id: whom one may add, and the names to show. */
  people: Map<number, string>;
  onChange: (members: number[]) => void;
  /** The refusal of the members (the client's rules or the server's), shown under the picker. */
  error: string | undefined;
}

/**
 * The members in turn order: added from the company's people, moved up and down by buttons
 * (a keyboard moves them as well as a mouse), removed. After a move, focus stays with the
 * moved person's button, or its other arrow when it reached an end.
 */
export function RotaMembersField({ members, people, onChange, error }: RotaMembersFieldProps) {
  const [chosen, setChosen] = useState('');
  // The moved person's buttons, to focus once the list shows the new order.
  const focusAfterMove = useRef<{ same: string; other: string } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const nameOf = (userId: number) => people.get(userId) ?? `User ${String(userId)}`;

  useEffect(() => {
    const labels = focusAfterMove.current;
    focusAfterMove.current = null;
    if (!labels || !listRef.current) return;
    const button = (label: string) =>
      listRef.current?.querySelector<HTMLButtonElement>(
        `button[aria-label="${CSS.escape(label)}"]`,
      );
    const same = button(labels.same);
    (same && !same.disabled ? same : button(labels.other))?.focus();
  }, [members]);

  const move = (index: number, by: -1 | 1) => {
    const next = [...members];
    const [userId] = next.splice(index, 1);
    if (userId === undefined) return;
    next.splice(index + by, 0, userId);
    const name = nameOf(userId);
    const [same, other] = by < 0 ? ['up', 'down'] : ['down', 'up'];
    focusAfterMove.current = { same: `Move ${name} ${same}`, other: `Move ${name} ${other}` };
    onChange(next);
  };
  const add = () => {
    if (chosen === '') return;
    onChange([...members, Number(chosen)]);
    setChosen('');
  };

  const addable = [...people]
    .filter(([userId]) => !members.includes(userId))
    .map(([userId, name]) => ({ value: String(userId), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <fieldset className={form.section}>
      <legend className={form.heading}>Members in turn order</legend>
      {members.length === 0 ? (
        <p className={form.note}>No members yet: no one is on call in this rota.</p>
      ) : (
        <ol ref={listRef} className={styles.list} aria-label="Members in turn order">
          {members.map((userId, index) => {
            const name = nameOf(userId);
            return (
              <li key={userId} className={styles.row}>
                <span className={styles.rowText}>
                  {index + 1}. {name}
                </span>
                <span className={styles.buttons}>
                  <Button
                    variant="secondary"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Up
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Move ${name} down`}
                    disabled={index === members.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Down
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange(members.filter((member) => member !== userId))}
                  >
                    Remove
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className={form.inputRow}>
        <div className={form.grow}>
          <SelectField
            label="Add a member"
            placeholder={addable.length === 0 ? 'Everyone is a member' : 'Choose a person'}
            value={chosen}
            options={addable}
            error={error}
            onChange={(event) => setChosen(event.target.value)}
          />
        </div>
        <Button variant="secondary" disabled={chosen === ''} onClick={add}>
          Add member
        </Button>
      </div>
    </fieldset>
  );
}
