// Guards the signed-in part of the app: a spinner while the session check runs, /login for visitors.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../hooks/useAuth';
import { Spinner } from './Spinner';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <Spinner fullScreen />;
  if (status === 'unauthenticated') return <Navigate to="/login" replace />;
  return children;
}
