import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { boxFollowsAddress, SEARCH_DELAY_MS, searchBoxState, searchWords } from './search-box.fns';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A search box whose words are the address's: it searches as the user types, once the typing pauses (`delayMs`, no
 * request per keystroke), and at once on `submit` (Enter, the Search button). `addressed`: the words the screen read
 * from its address; `searchFor(words)`: the screen's query string with those words (and its page back to 1).
 *
 * Its searches replace the address (no history entry per pause), so Back goes to the screen's previous filters, and
 * the box then shows that address's words. The box's own searches arriving never set it back: what it shows is
 * always the user's latest typing, even when the pause's search and Enter's arrive one after the other
 * (boxFollowsAddress).
 */
export function useSearchBox(addressed: string, searchFor: (words: string) => URLSearchParams, delayMs = SEARCH_DELAY_MS) {
  const [, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [value, setValue] = useState(addressed);

  const send = (words: string) => setParams(searchFor(words), { replace: true, state: searchBoxState(words) });

  // The box follows the address when the address changed by itself (Back, a link, "Delete all"). Adjusted while
  // rendering, not in an effect: the render that shows the new address's results shows its words too (an effect ran
  // after that render was painted, so for a frame the list was the new one and the box still held the old words).
  const [shownFor, setShownFor] = useState(addressed);
  if (shownFor !== addressed) {
    setShownFor(addressed);
    if (boxFollowsAddress(addressed, navigationType, location.state)) setValue(addressed);
  }

  // The address follows the box once the typing pauses; words it already holds are not asked again (the page stays).
  const typed = useDebouncedValue(searchWords(value), delayMs);
  const typingPaused = useEffectEvent((words: string) => {
    if (words !== addressed) send(words);
  });
  useEffect(() => typingPaused(typed), [typed]);

  return {
    value,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
    /** Searches the box's words at once (Enter, the Search button), even while its pause's search is on its way. */
    submit: () => send(searchWords(value)),
  };
}
