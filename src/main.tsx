import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from './api/session';
import { App } from './app';
import { connectInspector } from './inspector';
import { createAppQueryClient } from './query-client';
import { createAppRouter } from './router';

const queryClient = createAppQueryClient();
const router = createAppRouter({ queryClient, auth: session });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Spec §2: nothing is rendered until the stored-token check ends, so guards never see a
// half-known session. restore() never rejects. The inspector (dev only, README) connects first
// so it sees the session actor start.
void connectInspector()
  .then(() => session.restore())
  .then(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} session={session} />
      </StrictMode>,
    );
  });
