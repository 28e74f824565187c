export {
  loginRequest,
  registerRequest,
  resetPasswordRequest,
  sendSmsCodeRequest,
  validationFailure,
} from '@sm/contract';
