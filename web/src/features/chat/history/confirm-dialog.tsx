/** The site's question dialog lives in components/ (the memory panel asks it too). */
export { ConfirmDialog } from '../../../components/confirm-dialog';
