/**
 * Who uses the management screens (decision 040): platform staff over every company, and a
 * company administrator over its own. Staff-only screens and actions (the audit log,
 * operations, calibrations, maintenance, analysis settings, fatigue details) stay `is_staff`,
 * as the server decides them.
 */
export const managesCompany = (user: { is_staff: boolean; is_company_admin?: boolean }) =>
  user.is_staff || user.is_company_admin === true;
