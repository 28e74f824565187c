import type {
  LoginRequest,
  MerchantProfile,
  RegisterRequest,
  ResetPasswordRequest,
  SendSmsCodeRequest,
  SendSmsCodeResponse,
} from '@sm/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/request';
import {
  clearSessionExpired,
  forgetSession,
  meQueryOptions,
  setMerchantInfo,
} from '../../lib/session';

const sendSmsCode = (data: SendSmsCodeRequest) =>
  request<SendSmsCodeResponse>('/api/auth/sms-code', { method: 'POST', data });

const login = (data: LoginRequest) =>
  request<MerchantProfile>('/api/auth/login', { method: 'POST', data });
const register = (data: RegisterRequest) =>
  request<MerchantProfile>('/api/auth/register', { method: 'POST', data });
const resetPassword = (data: ResetPasswordRequest) =>
  request<{ ok: true }>('/api/auth/reset-password', { method: 'POST', data });

/** The API set the session cookie; keep the profile as the login marker and as the `me` query. */
function signedIn(queryClient: QueryClient, profile: MerchantProfile) {
  clearSessionExpired();
  queryClient.setQueryData(meQueryOptions().queryKey, profile);
  setMerchantInfo(profile);
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (profile) => signedIn(queryClient, profile) });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (profile) => signedIn(queryClient, profile),
  });
}

/**
 * The server ends every session of the account on a reset, so a merchant who reset while signed
 * in is signed out here too: the marker and every cached query go, and login comes next.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => forgetSession(queryClient),
  });
}
