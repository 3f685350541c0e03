import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { deleteRotaMutationOptions, saveRotaMutationOptions } from '../../api/mutations/rotas';
import { withEffects } from '../../api/mutations/with-effects';
import { type Rota, listRotasQueryOptions } from '../../api/queries/rotas';
import { listUsersQueryOptions } from '../../api/queries/users';
import { Button } from '../button';
import { DialogActions } from '../dialog-actions';
import { Modal } from '../modal';
import { useNotify } from '../use-notify';
import type { CompanyViewer } from './company-chooser';
import { CompanyListFrame, useFirstControlFocus } from './company-list-frame';
import { RotaEditor } from './rota-editor';
import { ROTA_DELETED, ROTA_DELETE_FAILED, ROTA_SAVED } from './rota-form';
import { RotaList } from './rota-list';
import * as form from './company-form.css';

const FORM_ID = 'rota-form';

export type RotasView =
  { kind: 'list' } | { kind: 'edit'; rota?: Rota } | { kind: 'delete'; rota: Rota };
type View = RotasView;
const LIST: View = { kind: 'list' };

/**
 * A company's on-call rotas (issue 32, decision 056): listed, added, edited and deleted. Opened
 * from User Management, which only staff and company administrators reach, beside single
 * sign-on, and from the Notifications screen straight at one rota's form (`initial`), where
 * leaving the form closes the dialog (decision 066); the server limits an administrator to its
 * own company. Loaded lazily with the screens that open it, to keep the landing page's bundle
 * within budget.
 */
export function RotasDialog({
  viewer,
  onClose,
  initial,
}: {
  viewer: CompanyViewer;
  onClose: () => void;
  initial?: RotasView;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [companyId, setCompanyId] = useState(viewer.companyId);
  const [view, setView] = useState<View>(initial ?? LIST);
  const rotas = useQuery(listRotasQueryOptions(api, companyId));
  const users = useQuery(listUsersQueryOptions(api));
  const save = useMutation(saveRotaMutationOptions(api, queryClient, companyId));
  const remove = useMutation(
    withEffects(deleteRotaMutationOptions(api, queryClient, companyId), {
      onSuccess: () => {
        notify('success', ROTA_DELETED);
        back();
      },
      onError: () => {
        notify('error', ROTA_DELETE_FAILED);
        back();
      },
    }),
  );
  const people = new Map(
    (users.data ?? []).filter((u) => u.company_id === companyId).map((u) => [u.id, u.username]),
  );
  const contentRef = useFirstControlFocus<HTMLParagraphElement>(view.kind);
  function back() {
    save.reset();
    if (initial) onClose();
    else setView(LIST);
  }

  return (
    <Modal title="On-call rotas" onClose={onClose} wide actions={actionsOf()}>
      <p ref={contentRef} className={form.note}>
        Whoever is on call now in one of the company&apos;s rotas is told of its alerts at tier 1.
      </p>
      {view.kind === 'list' && (
        <CompanyListFrame
          companyId={companyId}
          viewer={viewer}
          onChoose={setCompanyId}
          loading={rotas.isPending}
          loadingText="Loading the rotas…"
          error={rotas.error}
        >
          {rotas.data && (
            <RotaList
              rotas={rotas.data}
              onEdit={(rota) => setView({ kind: 'edit', rota })}
              onDelete={(rota) => setView({ kind: 'delete', rota })}
            />
          )}
        </CompanyListFrame>
      )}
      {view.kind === 'edit' && (
        <RotaEditor
          formId={FORM_ID}
          rota={view.rota}
          people={people}
          save={save}
          onSaved={() => {
            notify('success', ROTA_SAVED);
            back();
          }}
        />
      )}
      {view.kind === 'delete' && (
        <p>
          Delete the rota <strong>{view.rota.name}</strong>? Its people are no longer told of the
          company&apos;s alerts through it. This cannot be undone.
        </p>
      )}
    </Modal>
  );

  function actionsOf() {
    if (view.kind === 'edit') {
      return (
        <DialogActions
          onCancel={back}
          form={FORM_ID}
          busy={save.isPending}
          label="Save"
          busyLabel="Saving..."
        />
      );
    }
    if (view.kind === 'delete') {
      const { rota } = view;
      return (
        <DialogActions
          onCancel={back}
          onConfirm={() => remove.mutate(rota.id)}
          busy={remove.isPending}
          label="Delete"
          busyLabel="Deleting..."
        />
      );
    }
    return (
      <>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button disabled={!rotas.data} onClick={() => setView({ kind: 'edit' })}>
          Add rota
        </Button>
      </>
    );
  }
}
