import type { UnitSystem } from '../../../domain/company-settings';
import type { CompanySettings, CompanySettingsUpdate } from '../../api/queries/company-settings';

export const SETTINGS_FIELDS = [
  'name',
  'address',
  'time_zone',
  'units',
  'default_amber_percent',
  'default_red_percent',
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** What a person types or picks; empty is "not set" for every field but the name and units. */
export type SettingsFormValues = Record<Exclude<SettingsField, 'units'>, string> & {
  units: UnitSystem;
};

export const SETTINGS_SAVED = 'Company profile saved';
export const LOGO_SAVED = 'Report logo saved';
export const LOGO_REMOVED = 'Report logo removed';

export const SETTINGS_LABELS: Record<SettingsField, string> = {
  name: 'Company name',
  address: 'Address',
  time_zone: 'Time zone of reports',
  units: 'Units',
  default_amber_percent: 'Amber level for new bridges (%)',
  default_red_percent: 'Red level for new bridges (%)',
};

export const UNIT_OPTIONS: { value: UnitSystem; label: string }[] = [
  { value: 'metric', label: 'Metric (mm, °C, m)' },
  { value: 'imperial', label: 'Imperial (in, °F, ft)' },
];

const text = (value: string | number | null) => (value === null ? '' : String(value));

export function settingsFormValuesOf(settings: CompanySettings): SettingsFormValues {
  return {
    name: settings.name,
    address: text(settings.address),
    time_zone: text(settings.time_zone),
    units: settings.units,
    default_amber_percent: text(settings.default_amber_percent),
    default_red_percent: text(settings.default_red_percent),
  };
}

const LEVEL_FIELDS = ['default_amber_percent', 'default_red_percent'] as const;

/**
 * The PUT's body, or the first level that is not a number. A decimal comma is read as a point;
 * the server checks the bounds and the order of the two levels and names the field it refuses.
 */
export function settingsUpdateOf(
  values: SettingsFormValues,
): { body: CompanySettingsUpdate } | { field: SettingsField; message: string } {
  const levels: Partial<Record<(typeof LEVEL_FIELDS)[number], number | null>> = {};
  for (const field of LEVEL_FIELDS) {
    const typed = values[field].trim().replace(',', '.').replace('−', '-');
    if (typed === '') {
      levels[field] = null;
    } else if (/^-?\d+(\.\d+)?$/.test(typed)) {
      levels[field] = Number(typed);
    } else {
      return {
        field,
        message: "Enter a percent such as -2, or leave it empty for the platform's level",
      };
    }
  }
  return {
    body: {
      name: values.name,
      address: values.address.trim() === '' ? null : values.address,
      time_zone: values.time_zone === '' ? null : values.time_zone,
      units: values.units,
      default_amber_percent: levels.default_amber_percent ?? null,
      default_red_percent: levels.default_red_percent ?? null,
    },
  };
}
