import { type FormEvent, useState } from 'react';
import type { User } from '../../api/queries/users';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { AUDIT_OBJECT_TYPES, type AuditSearch, parseAuditSearch } from './audit-search';
import { type AuditFilterValues, auditFilterValues, checkAuditFilters } from './audit-filters-form';
import * as styles from './audit.css';

interface AuditFiltersProps {
  search: AuditSearch;
  users: User[];
  onApply: (search: AuditSearch) => void;
}

/** Object, user and period; applied together, so half-typed filters never fetch. */
export function AuditFilters({ search, users, onApply }: AuditFiltersProps) {
  const { values, setValues, errors, setErrors, set } = useFormFields(() =>
    auditFilterValues(search),
  );
  const [shown, setShown] = useState(search);
  // A 'History' link followed while the view is open brings its own filters.
  if (shown !== search) {
    setShown(search);
    setValues(auditFilterValues(search));
    setErrors({});
  }
  const onField = (field: keyof AuditFilterValues) => (event: { target: { value: string } }) =>
    set(field, event.target.value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkAuditFilters(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(parseAuditSearch(values));
  };

  return (
    <form className={styles.filters} aria-label="Audit filters" onSubmit={submit} noValidate>
      <SelectField
        label="Object type"
        value={values.object_type}
        onChange={onField('object_type')}
        placeholder="All objects"
        options={AUDIT_OBJECT_TYPES}
      />
      <TextField
        label="Object ID"
        inputMode="numeric"
        value={values.object_id}
        onChange={onField('object_id')}
        error={errors.object_id}
      />
      <SelectField
        label="User"
        value={values.actor}
        onChange={onField('actor')}
        placeholder="All users"
        options={users.map((u) => ({ value: String(u.id), label: u.username }))}
      />
      <TextField label="From" type="date" value={values.from} onChange={onField('from')} />
      <TextField
        label="To"
        type="date"
        value={values.to}
        onChange={onField('to')}
        error={errors.to}
      />
      <div className={styles.filterButtons}>
        <Button type="submit">Apply filters</Button>
        <Button variant="secondary" onClick={() => onApply({})}>
          Clear
        </Button>
      </div>
    </form>
  );
}
