import type { changePasswordRequestSchema, UserData, updateAccountRequestSchema } from '@gym/contract/auth';
import type { z } from 'zod';
import { api } from '../../shared/api/client';

export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const accountApi = {
  update: (body: UpdateAccountRequest) => api.patch<UserData>('/pro/me', body),
  changePassword: (body: ChangePasswordRequest) => api.post<void>('/pro/me/password', body),
};
