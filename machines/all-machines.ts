import type { AnyStateMachine } from 'xstate';
import { contactMachine } from './contact.machine';
import { datastreamDialogMachine } from './datastream-dialog.machine';
import { loginMachine } from './login.machine';
import { sessionMachine } from './session.machine';
import { signupMachine } from './signup.machine';

/** Every machine of the app, by the file name its exported chart gets (machines/json/). */
export const allMachines: Readonly<Record<string, AnyStateMachine>> = {
  session: sessionMachine,
  login: loginMachine,
  signup: signupMachine,
  contact: contactMachine,
  'datastream-dialog': datastreamDialogMachine,
};
