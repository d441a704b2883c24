/** SPEC §4: `body.modal-open` while any modal is open (the chat bubble hides meanwhile). */
let openModals = 0;

/** Marks one modal as open; the returned function marks it closed again (once). */
export function markModalOpen(): () => void {
  openModals += 1;
  document.body.classList.add("modal-open");
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    openModals = Math.max(0, openModals - 1);
    if (openModals === 0) document.body.classList.remove("modal-open");
  };
}
