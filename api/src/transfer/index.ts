export { TransferModule } from './transfer.module';
