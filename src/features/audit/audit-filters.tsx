import { type FormEvent, useState } from 'react';
import type { User } from '../../api/queries/users';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { AUDIT_OBJECT_TYPES, type AuditSearch, parseAuditSearch } from './audit-search';
import * as styles from './audit.css';

interface AuditFiltersProps {
  search: AuditSearch;
  users: User[];
  onApply: (search: AuditSearch) => void;
}

type Draft = Record<'object_type' | 'object_id' | 'actor' | 'from' | 'to', string>;

const draftOf = (search: AuditSearch): Draft => ({
  object_type: search.object_type ?? '',
  object_id: search.object_id === undefined ? '' : String(search.object_id),
  actor: search.actor === undefined ? '' : String(search.actor),
  from: search.from ?? '',
  to: search.to ?? '',
});

/** Object, user and period; applied together, so half-typed filters never fetch. */
export function AuditFilters({ search, users, onApply }: AuditFiltersProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [shown, setShown] = useState(search);
  // A 'History' link followed while the view is open brings its own filters.
  if (shown !== search) {
    setShown(search);
    setDraft(draftOf(search));
  }
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));
  const idError =
    draft.object_id !== '' && !/^[1-9][0-9]{0,9}$/.test(draft.object_id)
      ? 'Object ID must be a whole number from 1'
      : draft.object_id !== '' && draft.object_type === ''
        ? 'Choose the object type too'
        : undefined;
  const periodError =
    draft.from && draft.to && draft.from > draft.to ? 'From must not be after To' : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (idError || periodError) return;
    onApply(parseAuditSearch(draft));
  };

  return (
    <form className={styles.filters} aria-label="Audit filters" onSubmit={submit} noValidate>
      <SelectField
        label="Object type"
        value={draft.object_type}
        onChange={set('object_type')}
        placeholder="All objects"
        options={AUDIT_OBJECT_TYPES}
      />
      <TextField
        label="Object ID"
        inputMode="numeric"
        value={draft.object_id}
        onChange={set('object_id')}
        error={idError}
      />
      <SelectField
        label="User"
        value={draft.actor}
        onChange={set('actor')}
        placeholder="All users"
        options={users.map((u) => ({ value: String(u.id), label: u.username }))}
      />
      <TextField label="From" type="date" value={draft.from} onChange={set('from')} />
      <TextField label="To" type="date" value={draft.to} onChange={set('to')} error={periodError} />
      <div className={styles.filterButtons}>
        <Button type="submit">Apply filters</Button>
        <Button variant="secondary" onClick={() => onApply({})}>
          Clear
        </Button>
      </div>
    </form>
  );
}
