import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import { invalid } from './errors.js';

/**
 * Types `req.body`, `req.query` and `req.params` from the route's zod schemas:
 * `app.withTypeProvider<ZodSchemas>()` in a module's routes.
 */
export interface ZodSchemas extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A schema's refusal, held on the request until the route's own checks have run. */
class SchemaRefusal extends Error {}

/**
 * An absent body reads as an empty object, so the answer names the first missing field; the
 * first issue's message is the answer's text (the spec's Chinese ones are in the schemas).
 */
const compileZod: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: new SchemaRefusal(result.error.issues[0]?.message ?? 'invalid request') };
  };

/**
 * The last preHandler of a route with schemas: who is calling, CSRF and the area's guard have
 * answered first (a bad token with a bad body is still the token's error), then a failed check
 * answers 1000 in the envelope.
 */
const answerRefusal: preHandlerAsyncHookHandler = async (req) => {
  if (req.validationError) throw invalid(req.validationError.message);
};

function withRefusalLast(route: RouteOptions) {
  if (!route.schema) return;
  const hooks = route.preHandler === undefined ? [] : [route.preHandler].flat();
  // A GET's HEAD twin comes through here again with the GET's hooks.
  if (hooks.includes(answerRefusal)) return;
  route.attachValidation = true;
  route.preHandler = [...hooks, answerRefusal];
}

/**
 * Routes check their input against zod schemas given as `schema: { body, querystring, params }`
 * (the shared contract, `@phonecloud/shared/api`). Fastify validates before the preHandlers run;
 * the refusal waits on the request and is answered after them (docs/route-schemas.md).
 */
export function checkRouteSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(compileZod);
  app.addHook('onRoute', withRefusalLast);
}
