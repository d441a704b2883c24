// HTML invoker commands (`<button commandfor command>`): they open and close a <dialog>
// without JavaScript, which keeps the referral forms usable before the page's script runs.
// @types/react does not list them yet; React passes lowercase attributes through as is.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}
