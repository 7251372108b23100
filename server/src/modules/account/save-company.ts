/** Saving the company's details and settings (administrators): only the fields sent change. */
import { emailPattern, type CompanyUpdate } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { findCompany, updateCompany, type CompanyChange, type CompanyRecord } from '../../companies/repository.js';
import { checkEmbedOrigins } from '../../companies/embedding.js';
import { appLanguages } from '../../companies/settings.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { failureTexts } from '../../http/texts.js';
import { msg } from '#words';

const signedOut = (): AppError => new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);

/** The change the fields sent make, checked. */
function changeOf(data: CompanyUpdate, before: CompanyRecord): CompanyChange {
  const change: CompanyChange = {};
  if (data.name !== undefined) {
    if (!data.name.trim()) throw new AppError(AppErrorCode.InvalidInput, msg({ message: 'Please enter the company name.' }));
    change.name = data.name.trim();
  }
  if (data.address !== undefined) change.address = data.address.trim();
  if (data.phone !== undefined) change.phone = data.phone.trim();
  if (data.vat_number !== undefined) change.vatNumber = data.vat_number.trim();
  if (data.email !== undefined) {
    const email = data.email.trim();
    if (email && !emailPattern.test(email)) throw new AppError(AppErrorCode.InvalidInput, msg({ message: 'Please enter a valid email address.' }));
    change.email = email;
  }
  if (data.settings) {
    const { language, retention_days: retention } = data.settings;
    // A language the product does not speak would change nothing; one kept from before stands.
    if (language !== undefined && language !== before.settings.language && !appLanguages.includes(language))
      throw new AppError(
        AppErrorCode.InvalidInput,
        msg({ message: 'formsign speaks English, German, French and Spanish. Please choose one of them as the language.' }),
      );
    if (retention !== undefined && retention > 0 && retention < 30)
      throw new AppError(AppErrorCode.InvalidInput, msg({ message: 'Keep ended forms for 30 days or more, or enter 0 to keep them for ever.' }));
    const { embed_origins: embedOrigins, ...rest } = data.settings;
    change.settings = { ...before.settings, ...rest, ...(embedOrigins !== undefined ? { embed_origins: checkEmbedOrigins(embedOrigins) } : {}) };
  }
  return change;
}

/** The company as saved. */
export async function saveCompany(ctx: Pick<ServerContext, 'db'>, principal: Principal, data: CompanyUpdate, origin: Origin): Promise<CompanyRecord> {
  const before = await findCompany(ctx.db, principal.companyId);
  if (!before) throw signedOut();
  const change = changeOf(data, before);
  return ctx.db.transaction(async (tx) => {
    const company = await updateCompany(tx, principal.companyId, change);
    if (!company) throw signedOut();
    await recordEvent(tx, {
      event: 'company-saved',
      companyId: principal.companyId,
      actor: principal,
      target: company.name,
      origin,
      details: { fields: Object.keys(data) },
    });
    return company;
  });
}
