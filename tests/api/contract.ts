// Holds every REST answer the API tests receive to the OpenAPI document: a documented status, and a body that fits its schema.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { isDecodable } from '../../server/http/app';
import { matchRoute } from '../../server/rest/handler';
import { OPENAPI_PATH, openApiDocument, openApiPathOf } from '../../server/rest/openapi';

interface MediaType {
  schema?: { $ref?: string };
}
interface Response {
  $ref?: string;
  content?: Record<string, MediaType>;
}
type Document = ReturnType<typeof openApiDocument>;

const DOCUMENT_ID = 'sower-openapi';
let built: { document: Document; ajv: Ajv2020; validators: Map<string, ValidateFunction> } | undefined;

/** The document as the server builds it, and a JSON Schema 2020-12 validator over its components (one per test worker). */
function contract() {
  if (!built) {
    const document = openApiDocument();
    // strict off: the document is OpenAPI, not a schema; only its components are compiled, through $ref.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, DOCUMENT_ID);
    built = { document, ajv, validators: new Map() };
  }
  return built;
}

function validatorFor(ref: string) {
  const { ajv, validators } = contract();
  let validate = validators.get(ref);
  if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: `${DOCUMENT_ID}${ref}` })));
  return validate;
}

/** A local $ref ('#/components/responses/Error404') followed to what it names. */
function resolve<T>(value: T & { $ref?: string }): T {
  if (!value.$ref) return value;
  return value.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract().document) as T;
}

/**
 * Throws, failing the test that made the request, when a REST answer is not what the document says: a status the
 * operation does not list, a content type it does not name, or a JSON body outside the schema.
 */
export function checkAgainstDocument(method: string, path: string, status: number, contentType: string | null, body: unknown) {
  const pathname = new URL(path, 'http://localhost').pathname;
  if (!pathname.startsWith('/api/') || pathname === OPENAPI_PATH || method === 'HEAD') return;
  // A path that does not decode is refused before routing (app.ts), with the error body.
  const route = isDecodable(pathname) ? matchRoute(method.toUpperCase(), pathname).route : undefined;
  const where = `${method} ${path} answered ${status}`;
  let response: Response | undefined;
  if (route) {
    const operation = (contract().document.paths as Record<string, Record<string, { responses: Record<string, Response> }>>)[openApiPathOf(route)]?.[
      method.toLowerCase()
    ];
    if (!operation) throw new Error(`${where}: ${method} ${route.path} is not in the OpenAPI document`);
    const listed = operation.responses[String(status)];
    if (!listed) throw new Error(`${where}: the OpenAPI document lists only ${Object.keys(operation.responses).join(', ')} for ${method} ${route.path}`);
    response = resolve(listed);
  } else {
    // No row: the answer is the error contract's (404 no such path, 405, or a refusal before routing).
    response = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  const mediaType = (contentType ?? '').split(';')[0].trim();
  const documented = response.content?.[mediaType];
  if (!documented) throw new Error(`${where} as ${contentType}: the document names ${Object.keys(response.content ?? {}).join(', ') || 'no body'}`);
  const ref = documented.schema?.$ref;
  if (!ref || mediaType !== 'application/json') return;
  const validate = validatorFor(ref);
  if (!validate(body))
    throw new Error(`${where}: the body does not fit ${ref}: ${contract().ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
}
