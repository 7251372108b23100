import { generateMessageId } from '@lingui/message-utils/generateMessageId';
export interface Words {
  id: string;
  message: string;
  context?: string;
}
export function msg(descriptor: { message: string; context?: string; comment?: string }): Words {
  return {
    id: generateMessageId(descriptor.message, descriptor.context),
    message: descriptor.message,
    ...(descriptor.context ? { context: descriptor.context } : {}),
  };
}
