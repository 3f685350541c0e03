import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { listCompaniesQueryOptions } from '../../api/queries/company-sso';
import { SelectField } from '../select-field';

/** Who is looking: platform staff choose any company (their own first), an administrator has its own. */
export interface CompanyViewer {
  isStaff: boolean;
  companyId: number;
  company: string;
}

/** Staff's choice among every company, their own listed while the list loads. */
export function CompanyChooser(props: {
  companyId: number;
  own: CompanyViewer;
  onChoose: (companyId: number) => void;
}) {
  const listed = useQuery(listCompaniesQueryOptions(useApi()));
  const companies = new Map([[props.own.companyId, props.own.company]]);
  for (const company of listed.data ?? []) companies.set(company.id, company.name);
  const options = [...companies]
    .map(([id, name]) => ({ value: String(id), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <SelectField
      label="Company"
      value={String(props.companyId)}
      options={options}
      onChange={(event) => props.onChoose(Number(event.target.value))}
    />
  );
}

/** Which company a company screen shows: staff's chooser, or an administrator's own named. */
export function CompanyScope(props: {
  companyId: number;
  viewer: CompanyViewer;
  onChoose: (companyId: number) => void;
  className: string;
}) {
  const { viewer } = props;
  if (viewer.isStaff) {
    return <CompanyChooser companyId={props.companyId} own={viewer} onChoose={props.onChoose} />;
  }
  return <p className={props.className}>Company: {viewer.company}</p>;
}
