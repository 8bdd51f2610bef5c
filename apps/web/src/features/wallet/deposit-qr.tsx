// qrcode.react is loaded only when a deposit page draws the code, so it never lands in the shell bundle.
import { QRCodeSVG } from 'qrcode.react';
import { t } from '../../lib/i18n';

export function DepositQr({ address }: { address: string }) {
  return (
    <div data-testid="deposit-qr" className="inline-block rounded-lg bg-white p-3">
      <QRCodeSVG value={address} size={176} level="M" role="img" aria-label={t('QR code of the deposit address {address}', { address })} />
    </div>
  );
}
