import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Rota } from '../../api/queries/rotas';
import { Button } from '../../ui/button';
import { RotaList } from '../../ui/company/rota-list';
import type { RotasView } from '../../ui/company/rotas-dialog';
import { SelectField } from '../../ui/select-field';
import { useFailureNotice } from '../../ui/use-failure-notice';
import * as styles from './notifications-screen.css';
import { RotaCalendar } from './rota-calendar';
import { ScreenSection } from './screen-section';

/**
 * The company's on-call rotas (decision 056) and a calendar of who is on call over the next two
 * weeks; adding, editing and deleting open the dialog User Management opens (decision 066).
 */
export function RotasSection(props: {
  rotas: UseQueryResult<Rota[]>;
  people: Map<number, string>;
  now: number;
  onOpen: (view: RotasView) => void;
}) {
  const { rotas, onOpen } = props;
  const failure = useFailureNotice(rotas.error?.message, { as: 'banner' });
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = rotas.data?.find((rota) => rota.id === chosen) ?? rotas.data?.[0];
  return (
    <ScreenSection
      id="rotas"
      title="Rotas"
      actions={
        <Button disabled={!rotas.data} onClick={() => onOpen({ kind: 'edit' })}>
          Add rota
        </Button>
      }
    >
      {rotas.isPending && <p className={styles.note}>Loading the rotas…</p>}
      {failure}
      {rotas.data && (
        <RotaList
          rotas={rotas.data}
          onEdit={(rota) => onOpen({ kind: 'edit', rota })}
          onDelete={(rota) => onOpen({ kind: 'delete', rota })}
        />
      )}
      {shown && rotas.data && (
        <>
          <h3 className={styles.subheading}>Calendar: the next 14 days</h3>
          {rotas.data.length > 1 && (
            <SelectField
              label="Rota"
              value={String(shown.id)}
              options={rotas.data.map((rota) => ({ value: String(rota.id), label: rota.name }))}
              onChange={(event) => setChosen(Number(event.target.value))}
            />
          )}
          <RotaCalendar rota={shown} people={props.people} now={props.now} />
        </>
      )}
    </ScreenSection>
  );
}
