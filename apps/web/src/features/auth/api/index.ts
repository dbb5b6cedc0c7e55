/**
 * The signed-out screens' API calls. The sign-in calls (./sign-in) are not
 * re-exported here: only the login page imports them, directly, so they stay
 * in its chunk and out of the generated module's way (see sign-in.ts).
 */
export {
  useForgotPassword,
  useGetMe,
  useRegister,
  useResetPassword,
  useSendSupportRequest,
} from '@app/contracts';
