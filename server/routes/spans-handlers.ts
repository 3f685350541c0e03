import { notFound } from '../http-error.ts';
import { requireAdmin, viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { spanDto } from './dto.ts';
import { assertInScope, hiddenAs, noSuch } from './tenant-scope.ts';
import type { Handlers } from '../contract-types.ts';
import { requiredText } from './text-fields.ts';

export function spansHandlers(
  services: Pick<RouteServices, 'spans' | 'tenancy'>,
): Handlers<'listSpans' | 'createSpan' | 'deleteSpan'> {
  const { spans } = services;
  return {
    async listSpans(request) {
      return (await spans.list(viewerOf(request), request.query.bridge)).map(spanDto);
    },

    async createSpan(request, reply) {
      const scope = requireAdmin(request);
      const { bridge, span_id: spanId, length } = request.body;
      await assertInScope(services, scope, 'bridge', bridge, noSuch('bridge', 'bridge'));
      const created = await spans.create({
        bridgeId: bridge,
        label: requiredText(spanId, 'span_id'),
        length,
      });
      reply.code(201);
      return spanDto(created);
    },

    async deleteSpan(request, reply) {
      const scope = requireAdmin(request);
      await assertInScope(services, scope, 'span', request.params.id, hiddenAs('Span'));
      if (!(await spans.delete(request.params.id, request.query.cascade === true))) {
        throw notFound('Span', request.params.id);
      }
      return reply.code(204).send();
    },
  };
}
