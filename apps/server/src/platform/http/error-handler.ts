import { type ErrorCode, interpolate, lookupMessage, type ValidationIssue } from '@portal/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from './app-error';
import { failureEnvelope, requestLanguage } from './envelope';

/** Fastify's own error codes for bodies it could not parse, mapped to catalogue codes. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'REQUEST_MALFORMED',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'REQUEST_MALFORMED',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'REQUEST_MALFORMED',
  FST_ERR_CTP_BODY_TOO_LARGE: 'REQUEST_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'REQUEST_UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'REQUEST_UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_NOT_FOUND: 'NOT_FOUND',
  FST_ERR_BAD_URL: 'REQUEST_MALFORMED',
  FST_ERR_ASYNC_CONSTRAINT: 'REQUEST_MALFORMED',
};

const issueKeys: Record<string, string> = {
  invalid_type: 'validation.invalidType',
  too_big: 'validation.tooLong',
  too_small: 'validation.tooShort',
  unrecognized_keys: 'validation.unknownField',
};

/** Turns schema validation errors into translated issues that point at the offending field. */
function toIssues(request: FastifyRequest, context: string | undefined, errors: FastifySchemaValidationError[]) {
  const language = requestLanguage(request);
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    const field = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const params = (error.params ?? {}) as Record<string, unknown>;
    const keyword = error.keyword;
    if (keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
      for (const key of params.keys as string[]) {
        const template = lookupMessage(language, 'validation.unknownField') ?? 'unknown field';
        issues.push({
          path: [context, field, key].filter(Boolean).join('.'),
          code: keyword,
          message: interpolate(template, { field: key }),
        });
      }
      continue;
    }
    const key = issueKeys[keyword] ?? 'validation.invalid';
    const template = lookupMessage(language, key) ?? error.message ?? 'invalid';
    const bound = params.maximum ?? params.minimum;
    issues.push({
      path: [context, field].filter(Boolean).join('.'),
      code: keyword,
      message: interpolate(template, { max: bound, min: bound }),
    });
  }
  return issues;
}

/**
 * The one error handler: every failure leaves as the envelope with a catalogue code, a message in the
 * request's language and the request id. Unknown errors become INTERNAL and are logged; their detail
 * never reaches the client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
      return reply.status(error.statusCode).send(failureEnvelope(request, error.code, error.params, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = toIssues(request, error.validationContext, error.validation);
      return reply.status(400).send(failureEnvelope(request, 'VALIDATION_FAILED', {}, issues));
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) {
      const params =
        mapped === 'REQUEST_TOO_LARGE'
          ? { limitBytes: request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit }
          : {};
      const status =
        mapped === 'REQUEST_TOO_LARGE'
          ? 413
          : mapped === 'NOT_FOUND'
            ? 404
            : mapped.startsWith('REQUEST_UNSUPPORTED')
              ? 415
              : 400;
      return reply.status(status).send(failureEnvelope(request, mapped, params));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(failureEnvelope(request, 'RATE_LIMITED', { retryAfterSeconds: 60 }));
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      const code: ErrorCode =
        error.statusCode === 404 ? 'NOT_FOUND' : error.statusCode === 405 ? 'METHOD_NOT_ALLOWED' : 'REQUEST_MALFORMED';
      return reply.status(error.statusCode).send(failureEnvelope(request, code));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failureEnvelope(request, 'INTERNAL'));
  });
}
