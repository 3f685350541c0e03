import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { contract } from '../../server/contract.ts';

interface ResponseObject {
  $ref?: string;
  content?: { 'application/json'?: { schema?: unknown } };
}
interface Operation {
  operationId: string;
  responses: Record<string, ResponseObject>;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(contract, 'contract');

const paths = contract.paths as Record<string, Record<string, Operation>>;
const routes = Object.entries(paths).map(([template, methods]) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  methods,
}));

export function findOperation(method: string, url: string): Operation {
  const pathOnly = url.split('?')[0] ?? url;
  const route = routes.find((r) => r.pattern.test(pathOnly));
  const operation = route?.methods[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${pathOnly} is not in the contract`);
  return operation;
}

const validators = new Map<string, ValidateFunction>();

function resolveResponse(response: ResponseObject): ResponseObject {
  if (!response.$ref) return response;
  const name = response.$ref.replace('#/components/responses/', '');
  const components = contract.components as { responses: Record<string, ResponseObject> };
  const resolved = components.responses[name];
  if (!resolved) throw new Error(`unknown response ${response.$ref}`);
  return resolved;
}

/** Throws unless the status is documented for the operation and the body matches its schema. */
export function assertMatchesContract(
  method: string,
  url: string,
  status: number,
  body: unknown,
): void {
  const operation = findOperation(method, url);
  const documented = operation.responses[String(status)];
  if (!documented) {
    throw new Error(
      `${operation.operationId} answered ${status}, which the contract does not document: ${JSON.stringify(body)}`,
    );
  }
  const response = resolveResponse(documented);
  const hasSchema = response.content?.['application/json']?.schema !== undefined;
  if (!hasSchema) {
    if (body !== undefined)
      throw new Error(`${operation.operationId} ${status} should have no body`);
    return;
  }
  const key = `${operation.operationId}:${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const pointer = documented.$ref
      ? `contract${documented.$ref}/content/application~1json/schema`
      : `contract#/paths/${Object.keys(paths)
          .find((p) => paths[p]?.[method.toLowerCase()] === operation)
          ?.replace(/~/g, '~0')
          .replace(
            /\//g,
            '~1',
          )}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    validate = ajv.compile({ $ref: pointer });
    validators.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `${operation.operationId} ${status} body breaks the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
    );
  }
}
