import { HttpError } from '../http-error.ts';
import { knownTimeZone, timeZoneProblem } from '../report/report-time.ts';
import { UNASSIGNED_COMPANY } from '../repositories/companies-repository.ts';
import type {
  CompanySettings,
  StoredCompanySettings,
} from '../repositories/company-settings-repository.ts';
import type { Schemas } from '../contract-types.ts';

export const companySettingsDto = (
  companyId: number,
  row: StoredCompanySettings,
): Schemas['CompanySettings'] => ({
  company_id: companyId,
  name: row.name,
  address: row.address,
  time_zone: row.timeZone,
  units: row.units,
  default_amber_percent: row.defaultAmberPercent,
  default_red_percent: row.defaultRedPercent,
  has_logo: row.hasLogo,
});

const blankToNull = (text: string | null) => (text === null || text.trim() === '' ? null : text);

function timeZoneOf(text: string | null): string | null {
  const wanted = blankToNull(text)?.trim() ?? null;
  if (wanted === null) return null;
  const zone = knownTimeZone(wanted);
  if (zone === null) throw timeZoneProblem('time_zone', wanted);
  return zone;
}

/** The contract bounds each level; these are the rules across the two (decision 025's). */
function levelsOf(body: Schemas['CompanySettingsUpdate']) {
  const amber = body.default_amber_percent;
  const red = body.default_red_percent;
  if ((amber === null) !== (red === null)) {
    const missing = amber === null ? 'default_amber_percent' : 'default_red_percent';
    throw new HttpError(400, `${missing}: set both default levels, or neither`);
  }
  if (amber !== null && red !== null && red > amber) {
    throw new HttpError(
      400,
      `default_red_percent: ${red} must be at or below default_amber_percent (${amber})`,
    );
  }
  return { defaultAmberPercent: amber, defaultRedPercent: red };
}

/**
 * The settings a request asks for, or a 400 naming the field. The holding company of unassigned
 * bridges is found by its name (companies-repository.ts), so no company takes or leaves that name.
 */
export function companySettingsChange(
  body: Schemas['CompanySettingsUpdate'],
  currentName: string,
): CompanySettings {
  const name = body.name.trim();
  if (name === '') throw new HttpError(400, 'name: must not be empty');
  const reserved = UNASSIGNED_COMPANY.toLowerCase();
  if ((name.toLowerCase() === reserved) !== (currentName.toLowerCase() === reserved)) {
    throw new HttpError(400, `name: '${UNASSIGNED_COMPANY}' is reserved for unassigned bridges`);
  }
  return {
    name,
    address: blankToNull(body.address)?.trim() ?? null,
    timeZone: timeZoneOf(body.time_zone),
    units: body.units,
    ...levelsOf(body),
  };
}
