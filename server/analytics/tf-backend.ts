import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { createRequire } from 'node:module';
import path from 'node:path';

let ready: Promise<typeof tf> | null = null;

/** TensorFlow.js on its WASM backend (tfjs-node does not install here; WASM is ~3x the CPU one). */
export function loadTensorflow(): Promise<typeof tf> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
    setWasmPaths(`${path.dirname(wasm)}/`);
    if (!(await tf.setBackend('wasm')))
      throw new Error('The TensorFlow.js WASM backend did not start');
    await tf.ready();
    return tf;
  })();
  return ready;
}
