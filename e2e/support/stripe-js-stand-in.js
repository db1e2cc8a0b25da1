/* global document, window */
/*
 * A local stand-in for Stripe.js (https://js.stripe.com), served by the stand-in Stripe API of
 * apps/server/test/support/stripe-server.ts for the journeys: the real one cannot load on these
 * machines. It implements only the calls the coin shop makes: Stripe(pk), stripe.elements({ mode,
 * amount, currency, paymentMethodTypes }), elements.create('payment'), element.mount / on /
 * off / update / destroy, elements.update / submit, stripe.createPaymentMethod({ elements }) and
 * stripe.handleNextAction({ clientSecret }); plus what @stripe/react-stripe-js checks for.
 * Its fields render in the mount element (Stripe's are an iframe); PaymentMethods are made at the
 * stand-in API with the publishable key, as Stripe.js does. 3-D Secure is a confirm step of its
 * own, shown over the page as Stripe's challenge frame is. Its text is Japanese, as Stripe.js's
 * with locale 'ja'.
 */
(() => {
  const api = new URL(document.currentScript.src).origin;

  const post = async (path, fields) => {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    return response.json();
  };

  const MESSAGES = {
    incorrect_number: 'カード番号が正しくありません。',
    incomplete_number: 'カード番号が不完全です。',
    incomplete_expiry: '有効期限が不完全です。',
    incomplete_cvc: 'セキュリティコードが不完全です。',
    incomplete_name: '氏名を入力してください。',
    incomplete_email: 'メールアドレスを入力してください。',
    payment_intent_authentication_failure: 'カードの本人認証に失敗しました。',
  };
  const validationError = (code) => ({ error: { type: 'validation_error', code, message: MESSAGES[code] } });

  function field(container, { name, label, autocomplete, inputmode, placeholder }) {
    const wrap = document.createElement('label');
    wrap.style.cssText = 'display:grid;gap:4px;margin-bottom:8px;font-size:14px';
    const text = document.createElement('span');
    text.textContent = label;
    const input = document.createElement('input');
    input.name = `stand-in-${name}`;
    if (autocomplete) input.autocomplete = autocomplete;
    if (inputmode) input.inputMode = inputmode;
    if (placeholder) input.placeholder = placeholder;
    input.style.cssText = 'padding:10px;border:1px solid #ccc;border-radius:6px;font:inherit';
    wrap.append(text, input);
    container.append(wrap);
    return input;
  }

  function createElements(pk, options) {
    const state = { options: { ...options }, element: null };
    const elements = {
      create(type, elementOptions) {
        if (type !== 'payment') throw new Error(`stand-in Stripe.js: only the payment element, not ${type}`);
        const listeners = {};
        const emit = (event, payload) => (listeners[event] ?? []).forEach((cb) => cb(payload));
        const inputs = {};
        let root = null;
        const methodType = () => (state.options.paymentMethodTypes ?? ['card'])[0];
        const render = () => {
          root.replaceChildren();
          const type = methodType();
          const box = document.createElement('div');
          box.dataset.standIn = 'stripe-payment-element';
          box.style.cssText = 'padding:12px;border:1px solid #e0e0e0;border-radius:8px;background:#fafafa';
          for (const key of Object.keys(inputs)) delete inputs[key];
          if (type === 'card') {
            inputs.number = field(box, {
              name: 'number',
              label: 'カード番号',
              autocomplete: 'cc-number',
              inputmode: 'numeric',
              placeholder: '1234 1234 1234 1234',
            });
            inputs.expiry = field(box, { name: 'expiry', label: '有効期限', autocomplete: 'cc-exp', placeholder: '月 / 年' });
            inputs.cvc = field(box, {
              name: 'cvc',
              label: 'セキュリティコード',
              autocomplete: 'cc-csc',
              inputmode: 'numeric',
              placeholder: 'CVC',
            });
          } else if (type === 'konbini') {
            inputs.name = field(box, { name: 'name', label: '氏名', autocomplete: 'name' });
            inputs.email = field(box, { name: 'email', label: 'メールアドレス', autocomplete: 'email' });
          } else {
            const note = document.createElement('p');
            note.textContent = 'PayPayのページでお支払いいただきます。';
            box.append(note);
          }
          for (const input of Object.values(inputs)) {
            input.addEventListener('input', () =>
              emit('change', { elementType: 'payment', complete: complete(), empty: false, value: { type } }),
            );
            input.addEventListener('focus', () => emit('focus', { elementType: 'payment' }));
            input.addEventListener('blur', () => emit('blur', { elementType: 'payment' }));
          }
          root.append(box);
        };
        const complete = () => Object.values(inputs).every((input) => input.value.trim() !== '');
        const element = {
          _options: elementOptions,
          mount(target) {
            root = typeof target === 'string' ? document.querySelector(target) : target;
            render();
            setTimeout(() => emit('ready', { elementType: 'payment' }), 0);
          },
          on(event, cb) {
            (listeners[event] ??= []).push(cb);
            return element;
          },
          off(event, cb) {
            listeners[event] = (listeners[event] ?? []).filter((l) => l !== cb);
            return element;
          },
          update() {},
          focus() {
            Object.values(inputs)[0]?.focus();
          },
          blur() {},
          clear() {
            Object.values(inputs).forEach((input) => (input.value = ''));
          },
          unmount() {
            root?.replaceChildren();
          },
          destroy() {
            root?.replaceChildren();
            state.element = null;
          },
          _values: () => Object.fromEntries(Object.entries(inputs).map(([k, input]) => [k, input.value.trim()])),
          _type: methodType,
          _rerender: () => root && render(),
        };
        state.element = element;
        return element;
      },
      getElement(type) {
        return type === 'payment' ? state.element : null;
      },
      update(changes) {
        const before = (state.options.paymentMethodTypes ?? ['card'])[0];
        Object.assign(state.options, changes);
        if ((state.options.paymentMethodTypes ?? ['card'])[0] !== before) state.element?._rerender();
      },
      async submit() {
        const element = state.element;
        if (!element) return validationError('incomplete_number');
        const values = element._values();
        const type = element._type();
        if (type === 'card') {
          if (values.number.replace(/\D/g, '').length < 12) return validationError('incomplete_number');
          if (!/^\d{1,2}\s*\/\s*\d{2}$/.test(values.expiry)) return validationError('incomplete_expiry');
          if (!/^\d{3,4}$/.test(values.cvc)) return validationError('incomplete_cvc');
        }
        if (type === 'konbini') {
          if (!values.name) return validationError('incomplete_name');
          if (!values.email) return validationError('incomplete_email');
        }
        return {};
      },
      _pk: pk,
      _state: state,
    };
    return elements;
  }

  /**
   * Stripe's challenge, in a frame over the page as Stripe's is (its clicks are the frame's own,
   * not the page's): the frame passes or fails it at the API and says which by postMessage.
   */
  function challenge(pk, clientSecret) {
    return new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.src = `${api}/three_d_secure.html?${new URLSearchParams({ key: pk, client_secret: clientSecret })}`;
      frame.title = '3Dセキュア認証';
      frame.dataset.standIn = 'stripe-3ds';
      frame.style.cssText =
        'position:fixed;inset:0;width:100%;height:100%;z-index:2147483647;border:0;background:rgba(0,0,0,.5);pointer-events:auto';
      const onMessage = (event) => {
        if (event.origin !== api || event.source !== frame.contentWindow || !event.data?.standInThreeDSecure) return;
        window.removeEventListener('message', onMessage);
        frame.remove();
        resolve(event.data.standInThreeDSecure);
      };
      window.addEventListener('message', onMessage);
      document.body.append(frame);
    });
  }

  function Stripe(pk, stripeOptions) {
    if (typeof pk !== 'string' || !pk.startsWith('pk_')) throw new Error('stand-in Stripe.js: a publishable key is needed');
    return {
      _options: stripeOptions,
      _registerWrapper() {},
      registerAppInfo() {},
      elements: (options) => createElements(pk, options),
      createToken: async () => ({ error: { type: 'invalid_request_error', message: 'stand-in Stripe.js: not implemented' } }),
      confirmCardPayment: async () => ({ error: { type: 'invalid_request_error', message: 'stand-in Stripe.js: not implemented' } }),
      async createPaymentMethod({ elements }) {
        const element = elements?.getElement('payment');
        if (!element) return { error: { type: 'invalid_request_error', message: 'stand-in Stripe.js: no payment element' } };
        const values = element._values();
        const type = element._type();
        const fields = { key: pk, type };
        if (type === 'card') {
          const [month, year] = values.expiry.split('/').map((v) => v.trim());
          Object.assign(fields, {
            'card[number]': values.number.replace(/\D/g, ''),
            'card[exp_month]': month,
            'card[exp_year]': `20${year}`,
            'card[cvc]': values.cvc,
          });
        }
        if (type === 'konbini') Object.assign(fields, { 'billing_details[name]': values.name, 'billing_details[email]': values.email });
        const answer = await post('/v1/payment_methods', fields);
        if (answer.error) return { error: { ...answer.error, message: MESSAGES[answer.error.code] ?? answer.error.message } };
        return { paymentMethod: answer };
      },
      async handleNextAction({ clientSecret }) {
        const intent = await challenge(pk, clientSecret);
        if (intent.error) return { error: intent.error };
        if (intent.status === 'requires_payment_method') {
          return {
            error: {
              type: 'card_error',
              code: 'payment_intent_authentication_failure',
              message: MESSAGES.payment_intent_authentication_failure,
              payment_intent: intent,
            },
          };
        }
        return { paymentIntent: intent };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
