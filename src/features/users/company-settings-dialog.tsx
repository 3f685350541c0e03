import type { UseMutationResult } from '@tanstack/react-query';
import { COMPANY_ADDRESS_MAX, COMPANY_NAME_MAX } from '../../../domain/company-settings';
import {
  type CompanySettings,
  type CompanySettingsUpdate,
  companySettingsQueryOptions,
  saveCompanySettingsMutationOptions,
} from '../../api/queries/company-settings';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { timeZoneChoices, timeZoneOptions } from '../../ui/time-zones';
import { useNotify } from '../../ui/use-notify';
import type { CompanyViewer } from '../../ui/company/company-chooser';
import { CompanySaveDialog } from './company-save-dialog';
import { CompanyLogoField } from './company-logo-field';
import {
  SETTINGS_FIELDS,
  SETTINGS_LABELS,
  SETTINGS_SAVED,
  settingsFormValuesOf,
  settingsUpdateOf,
  UNIT_OPTIONS,
} from './company-settings-form';
import { useCompanyForm } from './use-company-form';
import { useCompanySettings } from './use-company-settings';
import * as styles from '../../ui/company/company-form.css';

const FORM_ID = 'company-settings-form';

/**
 * A company's own settings (issue 33, decision 063): its administrator changes its own, platform
 * staff choose any company. The logo is sent as soon as it is chosen; the rest on Save.
 */
export function CompanySettingsDialog({
  viewer,
  onClose,
}: {
  viewer: CompanyViewer;
  onClose: () => void;
}) {
  const notify = useNotify();
  const shown = useCompanySettings(viewer, {
    read: companySettingsQueryOptions,
    write: saveCompanySettingsMutationOptions,
  });

  return (
    <CompanySaveDialog
      title="Company profile"
      formId={FORM_ID}
      viewer={viewer}
      onClose={onClose}
      shown={shown}
    >
      {(stored) => (
        <>
          <SettingsEditor
            key={shown.companyId}
            stored={stored}
            save={shown.save}
            onSaved={() => {
              notify('success', SETTINGS_SAVED);
              onClose();
            }}
          />
          <CompanyLogoField
            key={`logo-${shown.companyId}`}
            companyId={shown.companyId}
            stored={stored}
          />
        </>
      )}
    </CompanySaveDialog>
  );
}

function SettingsEditor({
  stored,
  save,
  onSaved,
}: {
  stored: CompanySettings;
  save: UseMutationResult<CompanySettings, Error, CompanySettingsUpdate>;
  onSaved: () => void;
}) {
  const { values, errorOf, change, submit, failure } = useCompanyForm({
    initial: () => settingsFormValuesOf(stored),
    fields: SETTINGS_FIELDS,
    parse: settingsUpdateOf,
    save,
    onSaved,
  });
  const zones = timeZoneOptions(timeZoneChoices(stored.time_zone ?? ''));

  return (
    <form id={FORM_ID} onSubmit={submit} noValidate className={styles.form}>
      <fieldset className={styles.section}>
        <legend className={styles.heading}>Company</legend>
        <TextField
          label={SETTINGS_LABELS.name}
          value={values.name}
          maxLength={COMPANY_NAME_MAX}
          autoComplete="organization"
          error={errorOf('name')}
          onChange={(event) => change('name', event.target.value)}
        />
        <TextField
          label={SETTINGS_LABELS.address}
          value={values.address}
          maxLength={COMPANY_ADDRESS_MAX}
          autoComplete="street-address"
          error={errorOf('address')}
          onChange={(event) => change('address', event.target.value)}
        />
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.heading}>Reports and dashboards</legend>
        <SelectField
          label={SETTINGS_LABELS.time_zone}
          value={values.time_zone}
          placeholder="UTC, unless the reader's browser says otherwise"
          options={zones}
          error={errorOf('time_zone')}
          onChange={(event) => change('time_zone', event.target.value)}
        />
        <SelectField
          label={SETTINGS_LABELS.units}
          value={values.units}
          options={UNIT_OPTIONS}
          error={errorOf('units')}
          onChange={(event) => change('units', event.target.value)}
        />
        <p className={styles.note}>
          Dashboards and monthly reports show temperatures, displacements, loads and stresses in
          these units; downloaded CSV files keep metric (SI) units.
        </p>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.heading}>Trigger levels for new bridges</legend>
        <p className={styles.note}>
          A drop of a mode&apos;s frequency to or below a level raises it. Leave both empty for the
          platform&apos;s (-2 % and -5 %); bridges made before keep theirs.
        </p>
        {(['default_amber_percent', 'default_red_percent'] as const).map((field) => (
          <TextField
            key={field}
            label={SETTINGS_LABELS[field]}
            inputMode="decimal"
            placeholder={field === 'default_amber_percent' ? '-2' : '-5'}
            value={values[field]}
            error={errorOf(field)}
            onChange={(event) => change(field, event.target.value)}
          />
        ))}
      </fieldset>
      {failure}
    </form>
  );
}
