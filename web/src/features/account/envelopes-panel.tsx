/**
 * Envelopes (administrators): how many of the company's envelopes are left (`POST /envelopes`,
 * of the company's total), the packs on offer (`POST /products`) and buying more: checkout
 * answers where to pay, and the browser goes there with a full navigation. The payment page
 * comes back to `/checkout/return`. Where the site takes no payment (`payments: none`) no pack
 * is offered for sale: the page says whom to ask instead. With the test provider every offer
 * says it is a test payment, which takes no money.
 */
import { envelopeLevel } from '@formsign/machines';
import { contractLimits, errorTexts, type Product, type ProductList, accountApi } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useId, useState, type FormEvent } from 'react';
import { area } from '../../api/client.ts';
import { paymentOrigins } from '../../config.ts';
import { FormError } from '../../components/form-error.tsx';
import { ListFailure } from '../../lists/data-table.tsx';
import { useDataGroup } from '../../lists/use-data-group.ts';
import { checkoutAddress } from './checkout-address.ts';
import { formatMoney } from './money.ts';
import { useMutation } from '../../api/use-mutation.ts';

const accountCalls = area(accountApi);

const maxQuantity = contractLimits['ProductsRequest.quantity'].maximum;
const noProducts: ProductList | null = null;

function EnvelopeBalance({ total }: { total: number }) {
  const id = useId();
  const { t, i18n } = useLingui();
  const count = useDataGroup('envelopes', null as number | null, (_params: null, options) => accountCalls.countUnusedEnvelopes(options), null);
  const unused = count.data;
  const level = unused === null ? null : envelopeLevel(unused, total);
  const share = unused === null || total <= 0 ? 0 : Math.min(1, unused / total);
  const percent = Math.round(share * 100);
  return (
    <section className="card account-section" aria-labelledby={`${id}-heading`} aria-busy={count.loading}>
      <h2 id={`${id}-heading`}>
        <Trans>Your envelopes</Trans>
      </h2>
      <p className="muted">
        <Trans>Each form sent for signing uses one envelope.</Trans>
      </p>
      {count.error ? <ListFailure message={count.message ?? ''} onRetry={count.refetch} /> : null}
      {count.loading && unused === null ? (
        <div className="spinner" role="status">
          <Trans>Loading…</Trans>
        </div>
      ) : null}
      {unused !== null ? (
        <div className={`envelope-balance${level ? ` envelope-balance--${level}` : ''}`}>
          <p className="envelope-balance__figure">
            <span className="stat__value">{i18n.number(unused)}</span>
            <span className="stat__label">{t`unused of ${plural(total, { one: '# envelope', other: '# envelopes' })}`}</span>
          </p>
          <div className="envelope-balance__bar" aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </div>
          {level ? (
            <p className={`alert ${level === 'twenty' ? 'alert--error' : 'alert--warning'}`}>
              {unused === 0
                ? t`You have no envelopes left: forms cannot be sent until you buy more.`
                : t`Running low: ${percent}% of your envelopes are left.`}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ProductOffer({
  product,
  test,
  busy,
  disabled,
  onBuy,
}: {
  product: Product;
  test: boolean;
  busy: boolean;
  disabled: boolean;
  onBuy(quantity: number): void;
}) {
  const id = useId();
  const { t } = useLingui();
  const [quantity, setQuantity] = useState('1');
  const number = Number(quantity);
  const valid = Number.isInteger(number) && number >= 1 && number <= maxQuantity;
  const name = product.name;
  const each = formatMoney(Math.round(product.price / product.envelopes), product.currency);
  const totalPrice = formatMoney(product.price * number, product.currency);
  const packEnvelopes = product.envelopes;
  const totalEnvelopes = product.envelopes * number;
  const [checked, setChecked] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setChecked(true);
    if (valid) onBuy(number);
  };
  return (
    <li className="card product">
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-name`}>
        <h3 id={`${id}-name`}>{product.name}</h3>
        <p className="product__price">{formatMoney(product.price, product.currency)}</p>
        <p className="muted">{t`${plural(packEnvelopes, { one: '# envelope', other: '# envelopes' })} · ${each} each`}</p>
        <div className="field">
          <label htmlFor={`${id}-quantity`}>
            <Trans>
              Quantity<span className="visually-hidden"> of {name}</span>
            </Trans>
          </label>
          <input
            id={`${id}-quantity`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxQuantity}
            value={quantity}
            aria-invalid={checked && !valid ? true : undefined}
            aria-describedby={`${id}-total`}
            onChange={(event) => setQuantity(event.target.value)}
          />
          <span id={`${id}-total`} className={checked && !valid ? 'product__problem' : 'field__hint'}>
            {valid
              ? t`Total ${totalPrice} for ${plural(totalEnvelopes, { one: '# envelope', other: '# envelopes' })}`
              : t`Choose a quantity from 1 to ${maxQuantity}.`}
          </span>
        </div>
        <button type="submit" className="button" disabled={disabled}>
          {busy ? t`Opening payment…` : test ? t`Buy (test payment)` : t`Buy`}
          <span className="visually-hidden"> {name}</span>
        </button>
      </form>
    </li>
  );
}

function EnvelopeProducts() {
  const id = useId();
  const { t } = useLingui();
  const products = useDataGroup('products', noProducts, (_params: null, options) => accountCalls.products(options), null);
  const [buying, setBuying] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const checkout = useMutation((order: { product: string; quantity: number }, options) => accountCalls.checkout(order, options));
  const buy = async (product: Product, quantity: number): Promise<void> => {
    setBuying(product.id);
    setRefused(false);
    const session = await checkout.run({ product: product.id, quantity });
    // Payment happens on the payment provider's page: a full navigation, not a route change,
    // and only to this site or a payment provider the installation trusts.
    const address = session ? checkoutAddress(session.url, window.location.origin, paymentOrigins) : null;
    if (address) {
      window.location.assign(address);
      return;
    }
    setRefused(session !== undefined);
    setBuying(null);
  };
  const list = products.data;
  return (
    <section className="account-section" aria-labelledby={`${id}-heading`} aria-busy={products.loading}>
      <h2 id={`${id}-heading`}>{list?.payments === 'none' ? t`More envelopes` : t`Buy envelopes`}</h2>
      <FormError message={checkout.error ?? (refused ? errorTexts.unexpected : null)} />
      {products.error ? <ListFailure message={products.message ?? ''} onRetry={products.refetch} /> : null}
      {products.loading ? (
        <div className="spinner" role="status">
          <Trans>Loading…</Trans>
        </div>
      ) : null}
      {list?.payments === 'none' ? (
        <p className="card empty-state">
          <Trans>
            Envelopes are not sold online on this site. Ask the people who run formsign for your organisation to add envelopes: write to them from{' '}
            <Link to="/help">Help, Contact Us</Link>.
          </Trans>
        </p>
      ) : null}
      {list && list.payments !== 'none' && !products.loading && !products.error && list.data.length === 0 ? (
        <p className="card empty-state">
          <Trans>No envelope packs are on offer right now. Please contact support to buy envelopes.</Trans>
        </p>
      ) : null}
      {list && list.payments !== 'none' ? (
        <>
          <ul className="products">
            {list.data.map((product) => (
              <ProductOffer
                key={product.id}
                product={product}
                test={list.payments === 'test'}
                busy={buying === product.id}
                disabled={buying !== null}
                onBuy={(quantity) => void buy(product, quantity)}
              />
            ))}
          </ul>
          <p className="account-hint account-note">
            {list.payments === 'test'
              ? t`Test payments: this site takes no money. Envelopes are added as soon as you come back from the test payment page.`
              : t`Payments are taken securely by our payment provider. Envelopes are added as soon as the payment is complete.`}
          </p>
        </>
      ) : null}
    </section>
  );
}

export function EnvelopesPanel({ total }: { total: number }) {
  return (
    <>
      <EnvelopeBalance total={total} />
      <EnvelopeProducts />
    </>
  );
}
