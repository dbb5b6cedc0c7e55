import { z } from 'zod';
import { ValidationMessage } from './rules';
import { phoneSchema } from './validation';

/**
 * A request to a person (issue 39): the way to support that works out of the
 * box, signed in or out, and lands in the console. `password`: locked out
 * with no mailbox bound, the console's reset code is the way back.
 */
export const SUPPORT_TOPICS = ['password', 'money', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const SUPPORT_MESSAGE_MAX = 2000;

export const supportFormSchema = z.object({
  phone: phoneSchema,
  topic: z.enum(SUPPORT_TOPICS),
  message: z
    .string()
    .trim()
    .min(1, ValidationMessage.required)
    .max(SUPPORT_MESSAGE_MAX, ValidationMessage.tooLongText),
});
export type SupportFormValues = z.infer<typeof supportFormSchema>;
