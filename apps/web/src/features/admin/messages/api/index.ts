/** A message to members, written per language. */
export { useSendMessage } from '@app/contracts';
