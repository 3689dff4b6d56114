/**
 * Holds every answer the HTTP suites receive to the OpenAPI document (server/openapi/document.ts):
 * the method and path must be an operation of the document, the status one of its responses, the
 * media type one that response lists, a JSON body valid against its schema (JSON Schema 2020-12,
 * Ajv with formats), and the headers it marks required present and well-formed. The test helpers
 * (httpCall, checkedFetch, the browser's watched pages) call `assertDocumented`, so a route, status,
 * field or error code the document does not describe fails the test that met it.
 *
 * A test may call outside the document on purpose (an unknown path, an unrouted method): it says
 * so with `outsideDocument`, and the answer must then be what the server gives every such call,
 * 404 with the error object and code NotFound.
 */
import Ajv2020Module, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { IncomingHttpHeaders } from 'node:http';
import { OPENAPI_DOCUMENT } from '../../server/openapi/document.js';

// ajv and ajv-formats are CommonJS: under NodeNext their classes are the `default` of module.exports.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

type Json = Record<string, any>;

/** The document as GET /openapi.json serves it (openapi.test checks that they are equal). */
const DOCUMENT: Json = JSON.parse(JSON.stringify(OPENAPI_DOCUMENT));
const DOCUMENT_ID = 'https://idv.invalid/openapi.json';

const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
addFormats(ajv);
// The response objects around the schemas carry OpenAPI's own keywords; only schemas are compiled.
ajv.addSchema({ ...DOCUMENT, $id: DOCUMENT_ID }, undefined, undefined, false);
ajv.addVocabulary(['openapi', 'info', 'servers', 'security', 'paths', 'webhooks', 'components', 'jsonSchemaDialect']);

/** JSON pointer token (RFC 6901) of a name such as '/api/Verify' or 'application/json'. */
const token = (name: string): string => encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));

const validators = new Map<string, ValidateFunction>();
/** The compiled schema at `pointer` of the document (its #/components refs resolve in the document). */
function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

interface Route {
  template: string;
  pattern: RegExp;
  /** Template parameters: literal paths win over templated ones (/dashboard before /dashboard/{name}). */
  params: number;
}

const ROUTES: Route[] = Object.keys(DOCUMENT.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    params: (template.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

export interface ReceivedAnswer {
  method: string;
  /** Path with or without a query string; an absolute URL is accepted too. */
  url: string;
  status: number;
  headers: Headers;
  /** The raw body text ('' when empty). */
  text: string;
}

/** The value a header schema sees: header text is text, but the document types some (Retry-After) as integers. */
function headerValue(text: string, schema: Json): unknown {
  return (schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** An unknown path or method answers 404 with the error object, code NotFound (docs/api.md, "Other"). */
function unknownPathProblems(answer: ReceivedAnswer): string[] {
  if (answer.status !== 404) return [`is outside the document and must answer 404 NotFound, not ${answer.status}`];
  let body: Json;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [`is outside the document: its 404 body is not JSON: ${JSON.stringify(answer.text.slice(0, 80))}`];
  }
  const validate = validatorAt('/components/schemas/Error');
  if (!validate(body)) return [`is outside the document: its 404 body is not the error object: ${ajv.errorsText(validate.errors)}`];
  return body.code === 'NotFound' ? [] : [`is outside the document: its 404 code is ${body.code}, not NotFound`];
}

/** Why the answer does not match the document; empty when it does. */
export function documentProblems(answer: ReceivedAnswer, options: { outsideDocument?: boolean } = {}): string[] {
  const { pathname } = new URL(answer.url, 'http://localhost');
  const method = answer.method.toLowerCase();
  const route = ROUTES.find((r) => r.pattern.test(pathname) && DOCUMENT.paths[r.template][method] !== undefined);
  if (options.outsideDocument) {
    if (route !== undefined) return [`is documented as ${method.toUpperCase()} ${route.template}, but the test calls it outside the document`];
    return unknownPathProblems(answer);
  }
  if (route === undefined) return ['is not an operation of the OpenAPI document'];
  const base = `/paths/${token(route.template)}/${method}/responses`;
  const responses = DOCUMENT.paths[route.template][method].responses as Json;
  const status = String(answer.status);
  const response = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  if (response === undefined) return [`answered ${status}, which the document does not list (it lists ${Object.keys(responses).join(', ')})`];
  const key = responses[status] ? status : responses[`${status[0]}XX`] ? `${status[0]}XX` : 'default';
  const problems: string[] = [];

  for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) {
    const value = answer.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`${status}: the required header ${name} is missing`);
      continue;
    }
    const validate = validatorAt(`${base}/${key}/headers/${token(name)}/schema`);
    if (!validate(headerValue(value, header.schema))) problems.push(`${status}: header ${name}: ${ajv.errorsText(validate.errors)}`);
  }

  const content = response.content as Json | undefined;
  const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (content === undefined) {
    if (answer.text !== '') problems.push(`${status}: the document says no body, but one of ${answer.text.length} characters came (${type})`);
    return problems;
  }
  if (content[type] === undefined) {
    problems.push(`${status}: content type ${JSON.stringify(type)} is not one the document lists (${Object.keys(content).join(', ')})`);
    return problems;
  }
  if (type !== 'application/json') return problems;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [...problems, `${status}: the body is not JSON: ${JSON.stringify(answer.text.slice(0, 80))}`];
  }
  const validate = validatorAt(`${base}/${key}/content/${token(type)}/schema`);
  if (!validate(body)) {
    const errors = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    problems.push(`${status}: the body does not match the schema of ${route.template}: ${errors.join('; ')}`);
  }
  return problems;
}

/**
 * Why a webhook delivery (headers and raw body, as a receiver got them) does not match the
 * document's `webhooks` entry of its event type; empty when it does.
 */
export function webhookProblems(headers: Headers, body: string): string[] {
  let event: Json;
  try {
    event = JSON.parse(body);
  } catch {
    return [`the body is not JSON: ${JSON.stringify(body.slice(0, 80))}`];
  }
  const operation = DOCUMENT.webhooks[event?.type]?.post as Json | undefined;
  if (operation === undefined) return [`event type ${JSON.stringify(event?.type)} is not one of the document's webhooks`];
  const type = String(event.type);
  const base = `/webhooks/${token(type)}/post`;
  const problems: string[] = [];
  (operation.parameters as Json[]).forEach((parameter, index) => {
    const value = headers.get(parameter.name);
    if (value === null) {
      if (parameter.required) problems.push(`${type}: the required header ${parameter.name} is missing`);
      return;
    }
    const validate = validatorAt(`${base}/parameters/${index}/schema`);
    if (!validate(value)) problems.push(`${type}: header ${parameter.name}: ${ajv.errorsText(validate.errors)}`);
  });
  const validate = validatorAt(`${base}/requestBody/content/${token('application/json')}/schema`);
  if (!validate(event)) problems.push(`${type}: the body does not match the document: ${ajv.errorsText(validate.errors)}`);
  return problems;
}

/** Throws, naming the call and every problem, when the answer does not match the document. */
export function assertDocumented(answer: ReceivedAnswer, options: { outsideDocument?: boolean } = {}): void {
  const problems = documentProblems(answer, options);
  if (problems.length > 0) {
    const { pathname } = new URL(answer.url, 'http://localhost');
    throw new Error(`OpenAPI: ${answer.method.toUpperCase()} ${pathname} ${problems.join('\n  ')}`);
  }
}

/** The headers of a node:http answer as fetch's Headers (for suites that send with node:http or https). */
export function webHeaders(headers: IncomingHttpHeaders): Headers {
  return new Headers(Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]])));
}

/**
 * fetch() for the suites that need the raw Response (text, headers of a page file): the answer is
 * held to the document before the test sees it.
 */
export async function checkedFetch(url: string, init: RequestInit = {}, options: { outsideDocument?: boolean } = {}): Promise<Response> {
  const response = await fetch(url, init);
  const text = await response.clone().text();
  assertDocumented({ method: init.method ?? 'GET', url, status: response.status, headers: response.headers, text }, options);
  return response;
}
