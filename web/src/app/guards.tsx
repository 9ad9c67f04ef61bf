// Route guards of spec section 2. Each is a layout route: it renders <Outlet/> when the
// visitor may see the page, and otherwise redirects.

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { isEmailNotVerified, useCurrentUser } from '../features/account/use-current-user';
import { afterSignInPath, isAdmin } from '../features/auth/roles';
import { signOut } from '../features/auth/use-sign-out';

/**
 * Sign in, sign up, forgot and reset password: a signed-in user goes to their home instead,
 * or back to the page that sent them to sign in (`?next=`, as the team invitation does).
 */
export function GuestOnlyRoute() {
  const { data: user, isPending } = useCurrentUser();
  const [params] = useSearchParams();
  if (isPending) return <PageLoading />;
  if (user) return <Navigate to={afterSignInPath(user, params.get('next'))} replace />;
  return <Outlet />; // Guests, and visitors whose user call failed, may sign in.
}

/**
 * Pages for signed-in users. When the user call fails (401 or any error but 450) the
 * visitor is signed out and sent home; a 450 goes to /check-email (useCurrentUser).
 */
export function AuthRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: user, error, isPending } = useCurrentUser();
  const mustLeave = !isPending && !user && !isEmailNotVerified(error);
  const leaving = useRef(false);

  useEffect(() => {
    if (!mustLeave || leaving.current) return;
    leaving.current = true;
    void signOut(queryClient).finally(() => {
      leaving.current = false;
      void navigate('/', { replace: true });
    });
  }, [mustLeave, queryClient, navigate]);

  if (user) return <Outlet />;
  return <PageLoading />;
}

/** Admin pages: role_id "1" only; anyone else goes home. */
export function AdminRoute() {
  const { data: user, error, isPending } = useCurrentUser();
  if (isPending || isEmailNotVerified(error)) return <PageLoading />;
  if (!isAdmin(user)) return <Navigate to="/" replace />;
  return <Outlet />;
}
