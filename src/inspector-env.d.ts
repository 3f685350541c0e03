// Set at build time by vite.config.ts: true under `npm run dev` and in the QA build (src/inspector.ts).
interface ImportMetaEnv {
  readonly STATELY_INSPECTOR?: boolean;
  readonly VITE_XSTATE_INSPECT?: string;
}
