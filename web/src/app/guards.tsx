// Route guards of spec section 2. Each is a layout route: it renders <Outlet/> when the
// visitor may see the page, and otherwise redirects.

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { hasSignedInHint, isEmailNotVerified, useCurrentUser } from '../features/account/use-current-user';
import { afterSignInPath, isAdmin, signInPathFor } from '../features/auth/roles';
import { forgetUser, signOut } from '../features/auth/use-sign-out';

/**
 * Sign in, sign up, forgot and reset password: a signed-in user goes to their home instead,
 * or back to the page that sent them to sign in (`?next=`, as the team invitation does).
 */
export function GuestOnlyRoute() {
  const { data: user, isPending } = useCurrentUser();
  const [params] = useSearchParams();
  if (isPending) return <PageLoading />;
  if (user) {
    const to = afterSignInPath(user, params.get('next'));
    if (to.startsWith(DOWNLOAD_PATH)) return <DownloadAfterSignIn href={to} />;
    return <Navigate to={to} replace />;
  }
  return <Outlet />; // Guests, and visitors whose user call failed, may sign in.
}

/** The translated file's address, which the "document ready" e-mail links to (the server sends a signed-out browser to sign in first). */
const DOWNLOAD_PATH = '/api/translated-file-url';

/** Signed in on the way to a translated file: the history page, and the file downloads from the server. */
function DownloadAfterSignIn({ href }: { href: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/user/translation-history', { replace: true });
    window.location.assign(href);
  }, [href, navigate]);
  return <PageLoading />;
}

/**
 * Pages for signed-in users. When the user call fails (401 or any error but 450) the
 * visitor is signed out; a 450 goes to /check-email (useCurrentUser). A visitor who arrives
 * signed out (a link in an e-mail, a bookmark, an expired session) goes to the sign-in page and
 * comes back to the page once signed in; one who was signed in here and no longer is (signing
 * out, the account deleted) goes home. Without the signed-in hint there is no session to end
 * (none, or one the server no longer honours: its 401 cleared the hint), so no sign-out call is
 * made: its answer would change the CSRF token under the page view of the same page load.
 */
export function AuthRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user, error, isPending } = useCurrentUser();
  const mustLeave = !isPending && !user && !isEmailNotVerified(error);
  const leaving = useRef(false);
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (!mustLeave || leaving.current) return;
    leaving.current = true;
    const to = wasSignedIn.current ? '/' : signInPathFor(here);
    const signedOut = hasSignedInHint() ? signOut(queryClient) : Promise.resolve(forgetUser(queryClient));
    void signedOut.finally(() => {
      leaving.current = false;
      void navigate(to, { replace: true });
    });
  }, [mustLeave, queryClient, navigate, here]);

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
