import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, built from the routes' zod schemas, and its UI under /photo_voltaic/docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'PV Console API',
        version: '0.1.0',
        description:
          'Every answer is {code, msg, data}; the HTTP status equals code. Send the session token as X-Token.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_BASE}/docs` });
}
