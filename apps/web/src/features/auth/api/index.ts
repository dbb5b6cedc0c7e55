/**
 * The signed-out screens' API calls. The login page imports ./sign-in
 * directly: its chunk must not pull the generated module.
 */
export { useForgotPassword, useRegister, useResetPassword } from '@app/contracts';
export { BAD_CREDENTIALS_DETAIL, useSignIn } from './sign-in';
