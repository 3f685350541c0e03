import { type KeyboardEvent, useState } from 'react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { domainOf, newDomainProblem } from './sso-settings-form';
import * as styles from '../../ui/company/company-form.css';

interface EmailDomainsFieldProps {
  domains: string[];
  onChange: (domains: string[]) => void;
  /** The server's refusal of the list, shown under the input. */
  error: string | undefined;
}

/**
 * The email domains whose people sign in through the company's provider: a list to add to and
 * remove from. Enter in the input adds, rather than saving the whole form.
 */
export function EmailDomainsField({ domains, onChange, error }: EmailDomainsFieldProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();

  const add = () => {
    const domain = domainOf(typed);
    const found = newDomainProblem(domain, domains);
    setProblem(found);
    if (found) return;
    onChange([...domains, domain]);
    setTyped('');
  };
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className={styles.section}>
      <legend className={styles.heading}>Email domains</legend>
      <p className={styles.note}>
        People whose email ends in one of these domains sign in through your provider; an account is
        made for them on first sign-in.
      </p>
      {domains.length === 0 ? (
        <p className={styles.note}>No domains yet.</p>
      ) : (
        <ul className={styles.domains} aria-label="Email domains">
          {domains.map((domain) => (
            <li key={domain} className={styles.domain}>
              {domain}
              <Button
                variant="secondary"
                aria-label={`Remove ${domain}`}
                onClick={() => onChange(domains.filter((listed) => listed !== domain))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.inputRow}>
        <div className={styles.grow}>
          <TextField
            label="Add an email domain"
            placeholder="agency.ca"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            error={problem ?? error}
            onChange={(event) => {
              setTyped(event.target.value);
              setProblem(undefined);
            }}
            onKeyDown={addOnEnter}
          />
        </div>
        <Button variant="secondary" onClick={add}>
          Add domain
        </Button>
      </div>
    </fieldset>
  );
}
