import {
  LOGO_LIMIT_BYTES,
  LOGO_MAX_PIXELS,
  LOGO_TYPES,
  type LogoType,
} from '../../domain/company-settings.ts';
import { photoTypeOf } from '../../domain/image-type.ts';
import type { AuditedWrite } from '../audit/audited-handlers.ts';
import { HttpError } from '../http-error.ts';
import { uploadedChunks } from '../http/upload-body.ts';
import { declaredSize } from '../inspections/photo-renditions.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';
import { companyToManage } from './company-scope.ts';

type Services = Pick<RouteServices, 'companies' | 'companySettings'>;

const isLogoType = (type: string | null): type is LogoType =>
  LOGO_TYPES.some((logoType) => logoType === type);

async function readLogo(chunks: AsyncIterable<Uint8Array>) {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  const data = Buffer.concat(parts);
  if (data.byteLength === 0) throw new HttpError(400, 'body: the logo is empty');
  const contentType = photoTypeOf(data);
  // The report's PDF embeds PNG and JPEG only; the type is read from the bytes, not the header.
  if (!isLogoType(contentType)) {
    throw new HttpError(415, 'body: not a PNG or JPEG image (read from its first bytes)');
  }
  // Read from the header, before anything decodes it.
  const size = await declaredSize(data);
  if (size === null) throw new HttpError(415, 'body: the image does not open');
  if (size.width * size.height > LOGO_MAX_PIXELS) {
    throw new HttpError(
      413,
      `body: the logo declares ${size.width} × ${size.height} pixels, more than the ` +
        `${LOGO_MAX_PIXELS / 1_000_000} million a logo may have; send it resized`,
    );
  }
  return { contentType, data };
}

/** The logo on a company's reports' title page (decision 063), managed as its settings are. */
export function companyLogoHandlers(
  services: Services,
  auditedWrite: AuditedWrite,
): Handlers<'getCompanyLogo' | 'updateCompanyLogo' | 'deleteCompanyLogo'> {
  return {
    async getCompanyLogo(request, reply) {
      const { id } = request.params;
      await companyToManage(services, request, id);
      const logo = await services.companySettings.logo(id);
      if (!logo) throw new HttpError(404, `Company ${id} has no logo`);
      const { data } = logo;
      return reply
        .type(logo.contentType)
        .header('cache-control', 'no-cache')
        .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    },

    // Not in an audited transaction while the body arrives: a slow upload must not hold the
    // database (the embedded one has one connection), as with inspection photos (decision 053).
    async updateCompanyLogo(request, reply) {
      const { id } = request.params;
      await companyToManage(services, request, id);
      const chunks = uploadedChunks(request, LOGO_LIMIT_BYTES, 'send a smaller image');
      const logo = await readLogo(chunks);
      await auditedWrite(request, 'updateCompanyLogo', () =>
        services.companySettings.saveLogo(id, logo),
      );
      return reply.code(204).send();
    },

    async deleteCompanyLogo(request, reply) {
      const { id } = request.params;
      await companyToManage(services, request, id);
      if (!(await services.companySettings.removeLogo(id))) {
        throw new HttpError(404, `Company ${id} has no logo`);
      }
      return reply.code(204).send();
    },
  };
}
