/**
 * The Account operations: the signed-in person's profile (and confirming a new address from
 * its emailed link), their company and its settings, and the envelope count. Account saves
 * answer failures as `{ error }` (the contract's shape for them).
 */
import { emailPattern, type Company, type Role, type UserProfile } from '@formsign/sdk/contract';
import { recordEvent } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { verifyAccessToken } from '../../auth/tokens.js';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';

import { failureTexts } from '../../http/texts.js';
import { findUser, type UserRecord } from '../users/repository.js';
import { confirmEmail } from './confirm-email.js';
import { saveProfile } from './save-profile.js';
import { settingsView } from './settings.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { findCompany, updateCompany, type CompanyChange, type CompanyRecord } from '../../companies/repository.js';

type AccountHandlers = Pick<Handlers, 'getAccount' | 'updateProfile' | 'confirmEmail' | 'saveCompany' | 'countUnusedEnvelopes' | 'fetchSettings'>;

export function roleOf(user: Pick<UserRecord, 'role' | 'personal' | 'isSuper'>): Role {
  if (user.isSuper) return 'super';
  if (user.role !== 'admin') return 'basic';
  return user.personal ? 'personal' : 'admin';
}

export function profileOf(user: UserRecord): UserProfile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    job_title: user.jobTitle,
    role: roleOf(user),
    img: user.img,
    pending_email: user.pendingEmail,
  };
}

export function companyOf(company: CompanyRecord): Company {
  return {
    id: company.id,
    name: company.name,
    address: company.address,
    phone: company.phone,
    email: company.email,
    vat_number: company.vatNumber,
    envelopes: company.envelopesBought,
    unused_envelopes: Math.max(0, company.envelopesBought - company.envelopesUsed),
  };
}

async function current(ctx: ServerContext, principal: Principal): Promise<{ user: UserRecord; company: CompanyRecord }> {
  const [user, company] = await Promise.all([findUser(ctx.db, principal.userId), findCompany(ctx.db, principal.companyId)]);
  if (!user || !company) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
  return { user, company };
}


export function accountHandlers(ctx: ServerContext): AccountHandlers {
  const faqUrl = ctx.config.faqUrl;
  return {
    async getAccount({ principal }) {
      const { user, company } = await current(ctx, principal);
      return { user: profileOf(user), company: companyOf(company) };
    },

    async updateProfile(request) {
      const { message, user } = await saveProfile(ctx, request.principal, request.body.data, { ip: request.ip, userAgent: request.userAgent });
      return { message, user: profileOf(user) };
    },

    confirmEmail: (request) => confirmEmail(ctx, request.body.key, { ip: request.ip, userAgent: request.userAgent }),

    async saveCompany(request) {
      const { principal } = request;
      const data = request.body.data;
      const before = await findCompany(ctx.db, principal.companyId);
      if (!before) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
      const change: CompanyChange = {};
      if (data.name !== undefined) {
        if (!data.name.trim()) throw new AppError(AppErrorCode.InvalidInput, 'Please enter the company name.');
        change.name = data.name.trim();
      }
      if (data.address !== undefined) change.address = data.address.trim();
      if (data.phone !== undefined) change.phone = data.phone.trim();
      if (data.vat_number !== undefined) change.vatNumber = data.vat_number.trim();
      if (data.email !== undefined) {
        const email = data.email.trim();
        if (email && !emailPattern.test(email)) throw new AppError(AppErrorCode.InvalidInput, 'Please enter a valid email address.');
        change.email = email;
      }
      if (data.settings) change.settings = { ...before.settings, ...data.settings };
      const saved = await ctx.db.transaction(async (tx) => {
        const company = await updateCompany(tx, principal.companyId, change);
        if (!company) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
        await recordEvent(tx, { event: 'company-saved', companyId: principal.companyId, actor: principal, target: company.name, origin: request, details: { fields: Object.keys(data) } });
        return company;
      });
      return { message: 'The company details have been saved.', company: companyOf(saved), settings: settingsView(saved.settings, faqUrl) };
    },

    async countUnusedEnvelopes(request) {
      // The form field repeats the caller's token: it must be a token of this very session.
      const token = await verifyAccessToken(ctx.keys, request.body.token, ctx.now());
      if (!token || token.sessionId !== request.principal.sessionId) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
      const company = await findCompany(ctx.db, request.principal.companyId);
      if (!company) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
      return { unused: Math.max(0, company.envelopesBought - company.envelopesUsed) };
    },

    async fetchSettings({ principal }) {
      const company = await findCompany(ctx.db, principal.companyId);
      if (!company) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
      return settingsView(company.settings, faqUrl);
    },
  };
}
