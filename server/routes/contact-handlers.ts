import type { ContactMessageRow } from '../repositories/contact-repository.ts';
import { notFound } from '../http-error.ts';
import { requireStaff } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';
import { optionalText, requiredText } from './text-fields.ts';

export function contactHandlers(
  services: Pick<RouteServices, 'contact'>,
): Handlers<'createContactMessage' | 'listContactMessages' | 'markContactMessageHandled'> {
  const { contact } = services;
  return {
    async createContactMessage(request, reply) {
      const body = request.body;
      await contact.create({
        firstName: requiredText(body.first_name, 'first_name'),
        lastName: optionalText(body.last_name),
        email: requiredText(body.email, 'email'),
        message: requiredText(body.message, 'message'),
      });
      reply.code(201);
      return { message: 'Thank you: your message has been received.' };
    },

    async listContactMessages(request) {
      requireStaff(request);
      return (await contact.list()).map(contactMessageDto);
    },

    async markContactMessageHandled(request) {
      requireStaff(request);
      const row = await contact.setHandled(request.params.id, request.body.handled);
      if (!row) throw notFound('Contact message', request.params.id);
      return contactMessageDto(row);
    },
  };
}

function contactMessageDto(row: ContactMessageRow) {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
  };
}
