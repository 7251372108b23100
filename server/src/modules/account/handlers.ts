/**
 * The Account operations: the signed-in person's profile (and confirming a new address from
 * its emailed link), their company and its settings, and the envelope count. Account saves
 * answer failures as `{ error }` (the contract's shape for them).
 */
import type { Company, Role, UserProfile } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import type { UserRecord } from '../users/repository.js';
import { confirmEmail } from './confirm-email.js';
import { saveProfile } from './save-profile.js';
import { saveCompany } from './save-company.js';
import { countUnusedEnvelopes, readAccount, readCompany } from './read-account.js';
import { settingsView } from '../../companies/settings.js';
import { nextRemoval } from '../forms/apply-retention.job.js';
import type { CompanyRecord } from '../../companies/repository.js';
import { grantsEnvelopes } from '../purchases/instance-super-user.js';
import { uploadedFile } from '../../http/uploads.js';
import { changeCompanyStamp, stampTexts, stampView } from './company-stamp.js';
import { msg } from '#words';
import { say, isLanguage } from '../../i18n/i18n.js';

type AccountHandlers = Pick<
  Handlers,
  'getAccount' | 'updateProfile' | 'confirmEmail' | 'saveCompany' | 'countUnusedEnvelopes' | 'fetchSettings' | 'manageCompanyStamp'
>;

const accountTexts = {
  companySaved: msg({ message: 'The company details have been saved.' }),
};

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
    language: isLanguage(user.language) ? user.language : null,
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

export function accountHandlers(
  ctx: Pick<ServerContext, 'db' | 'now' | 'mail' | 'log' | 'keys' | 'config' | 'passwords' | 'files' | 'fileWork'>,
): AccountHandlers {
  const faqUrl = ctx.config.faqUrl;
  return {
    async getAccount({ principal }) {
      const { user, company } = await readAccount(ctx, principal);
      return { user: profileOf(user), company: companyOf(company), grants_envelopes: await grantsEnvelopes(ctx.db, principal) };
    },

    async updateProfile(request) {
      const { message, user } = await saveProfile(ctx, request.principal, request.body.data, { ip: request.ip, userAgent: request.userAgent });
      return { message: say(request.language, message), user: profileOf(user) };
    },

    confirmEmail: (request) => confirmEmail(ctx, request.body.key, { ip: request.ip, userAgent: request.userAgent }),

    async saveCompany(request) {
      const saved = await saveCompany(ctx, request.principal, request.body.data, { ip: request.ip, userAgent: request.userAgent });
      return {
        message: say(request.language, accountTexts.companySaved),
        company: companyOf(saved),
        settings: { ...settingsView(saved.settings, faqUrl), stamp: stampView(ctx, saved.stamp) },
      };
    },

    async countUnusedEnvelopes(request) {
      return { unused: await countUnusedEnvelopes(ctx, request.principal, request.body.token) };
    },

    async manageCompanyStamp(request) {
      const { principal, body } = request;
      const change =
        body.function === 'upload' ? { action: 'upload' as const, file: uploadedFile(request.raw, 'file') } : { action: 'remove' as const };
      const stamp = await changeCompanyStamp(ctx, principal, change, { ip: request.ip, userAgent: request.userAgent });
      return { message: say(request.language, stamp ? stampTexts.saved : stampTexts.removed), stamp: stampView(ctx, stamp) };
    },

    async fetchSettings({ principal }) {
      const { settings, stamp } = await readCompany(ctx, principal);
      const next = await nextRemoval(ctx, principal.companyId, settings, ctx.config.listCountCap);
      return {
        ...settingsView(settings, faqUrl),
        stamp: stampView(ctx, stamp),
        next_removal: next && {
          forms: Math.min(next.forms, ctx.config.listCountCap),
          exact: next.forms <= ctx.config.listCountCap,
          ended_before: next.endedBefore.toISOString(),
          at: next.at.toISOString(),
        },
      };
    },
  };
}
