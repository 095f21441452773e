//! Spec §6: who may approve and who may delete comments.
import type { Role } from '@/lib/roles';

const APPROVERS: readonly Role[] = ['primary_contributor', 'admin', 'sub_admin', 'super_admin'];
const DELETERS: readonly Role[] = ['admin', 'sub_admin', 'super_admin'];

export function canApproveComments(role: Role | undefined): boolean {
  return role !== undefined && APPROVERS.includes(role);
}

export function canDeleteComments(role: Role | undefined): boolean {
  return role !== undefined && DELETERS.includes(role);
}
