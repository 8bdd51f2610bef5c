// API messages in Arabic (docs/i18n.md). The API writes every `message` in English, word for word as docs/product.md and the
// contract have it; the server turns it into the request's language in one place (apps/server/src/i18n.ts) with
// translateMessage. Keys are the exact English texts; texts with variable parts (amounts, counts, ids) are in
// AR_PATTERNS. Amounts keep Latin digits, as UAE finance apps show them; USDT, TRC20, VIP3, TXID and the like
// stay as they are. The i18n check (apps/server/test/i18n-messages.test.ts) fails when a text the API can send
// has no Arabic here.
import type { Language } from './language.js';

/** Arabic of each fixed English message. */
export const AR_MESSAGES: Readonly<Record<string, string>> = {
  // docs/product.md#validation and #messages (MSG): form checks, loading and confirmation texts, failures.
  'Please fill all the details': 'يُرجى تعبئة جميع البيانات',
  'Name should be atleast of 3 characters': 'يجب ألا يقل الاسم عن 3 أحرف',
  'Invalid email id': 'البريد الإلكتروني غير صالح',
  'email is required to reset password!': 'البريد الإلكتروني مطلوب لإعادة تعيين كلمة المرور!',
  'password is required': 'كلمة المرور مطلوبة',
  'Please fill all the fields.': 'يُرجى تعبئة جميع الحقول.',
  'Please fill all the fields': 'يُرجى تعبئة جميع الحقول',
  'Please enter a valid email and positive points.': 'يُرجى إدخال بريد إلكتروني صالح وعدد نقاط موجب.',
  "Are you sure you want to change this user's role?": 'هل أنت متأكد من تغيير دور هذا المستخدم؟',
  'Are you sure you want to delete this user?': 'هل أنت متأكد من حذف هذا المستخدم؟',
  'Delete this video?': 'هل تريد حذف هذا الفيديو؟',
  'Please wait! creating your account...': 'يُرجى الانتظار! جارٍ إنشاء حسابك...',
  'Please wait! logging into your account...': 'يُرجى الانتظار! جارٍ تسجيل الدخول إلى حسابك...',
  'logout...': 'جارٍ تسجيل الخروج...',
  'fetching profile...': 'جارٍ تحميل الملف الشخصي...',
  'Updating changes...': 'جارٍ حفظ التغييرات...',
  'Changing password...': 'جارٍ تغيير كلمة المرور...',
  'Please Wait! sending email...': 'يُرجى الانتظار! جارٍ إرسال البريد الإلكتروني...',
  'Please Wait! reseting your password...': 'يُرجى الانتظار! جارٍ إعادة تعيين كلمة المرور...',
  'Failed to fetch videos': 'تعذّر تحميل مقاطع الفيديو',
  'Error fetching videos': 'حدث خطأ أثناء تحميل مقاطع الفيديو',
  'Operation failed': 'تعذّر إتمام العملية',
  'Something went wrong': 'حدث خطأ ما',
  'Delete failed': 'تعذّر الحذف',
  'Error deleting video': 'حدث خطأ أثناء حذف الفيديو',
  'Failed to award point ❌': 'تعذّر منح النقاط ❌',
  'Server error while awarding point ❌': 'حدث خطأ في الخادم أثناء منح النقاط ❌',
  'Not enough points to activate subscription.': 'لا تكفي نقاطك لتفعيل الاشتراك.',
  'Something went wrong. Try again.': 'حدث خطأ ما. حاول مرة أخرى.',
  // apps/server/src/errors.ts: the database went away for a moment (a failover, a restart); a 503 with Retry-After.
  'The service is briefly unavailable; please try again in a few seconds': 'الخدمة غير متاحة مؤقتًا؛ يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ',
  'Failed to fetch points. Please try again.': 'تعذّر تحميل النقاط. يُرجى المحاولة مرة أخرى.',
  'An error occurred during transfer.': 'حدث خطأ أثناء التحويل.',
  'Failed to submit deposit form': 'تعذّر إرسال نموذج الإيداع',
  'Failed to submit withdrawal request.': 'تعذّر إرسال طلب السحب.',
  'Error submitting withdrawal form.': 'حدث خطأ أثناء إرسال نموذج السحب.',
  'Failed to fetch withdrawals.': 'تعذّر تحميل طلبات السحب.',
  'An error occurred while fetching withdrawals.': 'حدث خطأ أثناء تحميل طلبات السحب.',
  'Failed to update withdrawal status.': 'تعذّر تحديث حالة طلب السحب.',
  'An error occurred while updating the status.': 'حدث خطأ أثناء تحديث الحالة.',
  'Failed to delete withdrawal request.': 'تعذّر حذف طلب السحب.',
  'An error occurred while deleting the request.': 'حدث خطأ أثناء حذف الطلب.',
  'Failed to fetch deposits': 'تعذّر تحميل الإيداعات',
  'Failed to update deposit status': 'تعذّر تحديث حالة الإيداع',
  'Failed to delete deposit form': 'تعذّر حذف نموذج الإيداع',
  'Deposit status updated': 'تم تحديث حالة الإيداع',
  'Deposit form deleted successfully': 'تم حذف نموذج الإيداع بنجاح',
  'An error occurred.': 'حدث خطأ.',
  'Failed to get stats': 'تعذّر تحميل الإحصاءات',

  // Accounts.
  'E-mail address must not contain invisible or direction-control characters': 'يجب ألا يحتوي البريد الإلكتروني على أحرف غير مرئية أو أحرف للتحكم في اتجاه النص',
  'An account with this e-mail already exists': 'يوجد حساب مسجّل بهذا البريد الإلكتروني',
  'Old password is incorrect': 'كلمة المرور الحالية غير صحيحة',
  'Phone is required': 'رقم الهاتف مطلوب',
  // One-line texts (one-line.ts): no control, direction or zero-width character.
  'Full name must be one line of text without control or direction characters': 'يجب أن يكون الاسم الكامل سطرًا واحدًا من النص دون أحرف تحكم أو أحرف للتحكم في اتجاه النص',
  'Phone must be one line of text without control or direction characters': 'يجب أن يكون رقم الهاتف سطرًا واحدًا من النص دون أحرف تحكم أو أحرف للتحكم في اتجاه النص',
  'Passkey name must be one line of text without control or direction characters': 'يجب أن يكون اسم مفتاح المرور سطرًا واحدًا من النص دون أحرف تحكم أو أحرف للتحكم في اتجاه النص',
  'Payout address must be one line of text without control or direction characters': 'يجب أن يكون عنوان الاستلام سطرًا واحدًا من النص دون أحرف تحكم أو أحرف للتحكم في اتجاه النص',
  'Announcement title must be one line of text without control or direction characters': 'يجب أن يكون عنوان الإعلان سطرًا واحدًا من النص دون أحرف تحكم أو أحرف للتحكم في اتجاه النص',
  'Announcement text must not contain control or direction characters (line breaks are allowed)': 'يجب ألا يحتوي نص الإعلان على أحرف تحكم أو أحرف للتحكم في اتجاه النص (فواصل الأسطر مسموح بها)',
  'Support e-mail must not contain invisible or direction-control characters': 'يجب ألا يحتوي بريد الدعم على أحرف غير مرئية أو أحرف للتحكم في اتجاه النص',
  'Account created successfully': 'تم إنشاء الحساب بنجاح',
  'Logged in successfully': 'تم تسجيل الدخول بنجاح',
  'Logged out successfully': 'تم تسجيل الخروج بنجاح',
  'Profile updated successfully': 'تم تحديث الملف الشخصي بنجاح',
  'Password changed successfully': 'تم تغيير كلمة المرور بنجاح',
  'If an account exists for this e-mail, a reset link has been sent to it.': 'إذا كان هناك حساب مسجّل بهذا البريد الإلكتروني، فقد أرسلنا إليه رابطًا لإعادة تعيين كلمة المرور.',
  'Password reset successfully. Please log in.': 'تمت إعادة تعيين كلمة المرور بنجاح. يُرجى تسجيل الدخول.',
  'This reset link is invalid or has expired.': 'رابط إعادة التعيين هذا غير صالح أو انتهت صلاحيته.',
  'Please log in to continue': 'يُرجى تسجيل الدخول للمتابعة',
  'Invalid email or password': 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  'You do not have permission to do this': 'ليست لديك صلاحية للقيام بذلك',
  'An active subscription is required': 'يلزم اشتراك فعّال',
  'Your role has changed. Log in again to continue.': 'تغيّر دورك في المنصة. سجّل الدخول مرة أخرى للمتابعة.',
  'You can only update your own profile': 'يمكنك تحديث ملفك الشخصي فقط',
  'Too many attempts. Please try again later.': 'محاولات كثيرة جدًا. يُرجى المحاولة لاحقًا.',
  'Too many accounts were created from this address. Please try again later.': 'أُنشئ عدد كبير جدًا من الحسابات من هذا العنوان. يُرجى المحاولة لاحقًا.',
  'Language must be "en" or "ar"': 'يجب أن تكون اللغة "en" أو "ar"',
  'Language saved': 'تم حفظ اللغة',
  ok: 'تم',

  // Points, transfers and the admin's points.
  'Amount must be a positive number with at most 2 decimals, up to 1,000,000.00': 'يجب أن يكون المبلغ رقمًا موجبًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Points added successfully': 'تمت إضافة النقاط بنجاح',
  'Points removed successfully': 'تم خصم النقاط بنجاح',
  'User not found': 'المستخدم غير موجود',
  'The user does not have enough points': 'لا يملك المستخدم نقاطًا كافية',
  'Points transferred successfully': 'تم تحويل النقاط بنجاح',
  'Recipient not found': 'المستلم غير موجود',
  'Recipient found': 'تم العثور على المستلم',
  'No account with this e-mail': 'لا يوجد حساب بهذا البريد الإلكتروني',
  'Too many look-ups. Please wait a few minutes and try again.': 'عمليات بحث كثيرة جدًا. يُرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.',
  'Recent recipients': 'المستلمون الأخيرون',
  'You cannot transfer points to yourself': 'لا يمكنك تحويل النقاط إلى نفسك',
  'Insufficient points': 'النقاط غير كافية',
  'Insufficient balance': 'الرصيد غير كافٍ',
  'Account not found': 'الحساب غير موجود',

  // Admin lists and the user desk.
  'page must be at least 1': 'يجب ألا تقل قيمة page عن 1',
  'page must be a whole number': 'يجب أن تكون قيمة page عددًا صحيحًا',
  'limit must be at most 100': 'يجب ألا تزيد قيمة limit على 100',
  'limit must be at least 1': 'يجب ألا تقل قيمة limit عن 1',
  'limit must be a whole number': 'يجب أن تكون قيمة limit عددًا صحيحًا',
  'Role must be USER or ADMIN': 'يجب أن يكون الدور USER أو ADMIN',
  'page is too large': 'قيمة page كبيرة جدًا',
  'page must be a whole number of at least 1': 'يجب أن تكون قيمة page عددًا صحيحًا لا يقل عن 1',
  'limit must be a whole number from 1 to 100': 'يجب أن تكون قيمة limit عددًا صحيحًا من 1 إلى 100',
  'page must be a whole number from 1': 'يجب أن تكون قيمة page عددًا صحيحًا يبدأ من 1',
  'page must be a whole number from 1 to 100000': 'يجب أن تكون قيمة page عددًا صحيحًا من 1 إلى 100000',
  'page must be a whole number from 1 to 100': 'يجب أن تكون قيمة page عددًا صحيحًا من 1 إلى 100',
  'limit must be a whole number from 1 to 100000': 'يجب أن تكون قيمة limit عددًا صحيحًا من 1 إلى 100000',
  'Search text is too long': 'نص البحث طويل جدًا',
  'from must be a date like 2025-01-31': 'يجب أن تكون قيمة from تاريخًا بصيغة 2025-01-31',
  'to must be a date like 2025-01-31': 'يجب أن تكون قيمة to تاريخًا بصيغة 2025-01-31',
  'actor is too long': 'قيمة actor طويلة جدًا',
  'action is too long': 'قيمة action طويلة جدًا',
  'from must not be after to': 'يجب ألا يكون تاريخ from بعد تاريخ to',
  'cursor must be the nextCursor of a previous page': 'يجب أن تكون قيمة cursor هي nextCursor من صفحة سابقة',
  'You cannot change your own role': 'لا يمكنك تغيير دورك بنفسك',
  'You cannot delete your own account': 'لا يمكنك حذف حسابك بنفسك',
  'A super admin cannot be changed or deleted': 'لا يمكن تعديل حساب المشرف الأعلى أو حذفه',
  'Role changed to USER. The user must log in again.': 'تم تغيير الدور إلى USER. على المستخدم تسجيل الدخول مرة أخرى.',
  'Role changed to ADMIN. The user must log in again.': 'تم تغيير الدور إلى ADMIN. على المستخدم تسجيل الدخول مرة أخرى.',
  'The user is already USER': 'دور المستخدم هو USER بالفعل',
  'The user is already ADMIN': 'دور المستخدم هو ADMIN بالفعل',
  'User deleted. Their deposits, withdrawals and history are kept, and their e-mail cannot be used to sign up again.':
    'تم حذف المستخدم. تبقى إيداعاته وطلبات السحب الخاصة به وسجلّه محفوظة، ولا يمكن استخدام بريده الإلكتروني للتسجيل مرة أخرى.',
  'Closed accounts fetched successfully': 'تم تحميل الحسابات المغلقة بنجاح',
  'Statement fetched successfully': 'تم تحميل كشف الحساب بنجاح',
  'User fetched successfully': 'تم تحميل المستخدم بنجاح',
  'Every ledger invariant holds': 'جميع قواعد دفتر الحسابات سليمة',

  // Subscription and subscription codes.
  'Subscription activated successfully': 'تم تفعيل الاشتراك بنجاح',
  'You are already subscribed': 'أنت مشترك بالفعل',
  'Subscription could not be saved': 'تعذّر حفظ الاشتراك',
  'Subscription code created': 'تم إنشاء رمز الاشتراك',
  'Subscription codes fetched successfully': 'تم تحميل رموز الاشتراك بنجاح',
  'Please enter a subscription code': 'يُرجى إدخال رمز الاشتراك',
  'This subscription code is not valid': 'رمز الاشتراك هذا غير صالح',
  'This subscription code has already been used': 'سبق استخدام رمز الاشتراك هذا',
  'A subscription code could not be made': 'تعذّر إنشاء رمز اشتراك',

  // Deposits.
  'Deposit request submitted. It will be credited once approved.': 'تم إرسال طلب الإيداع. ستُضاف النقاط إلى رصيدك بعد الموافقة عليه.',
  'This transaction ID has already been submitted': 'سبق إرسال رقم المعاملة هذا',
  'Transaction ID is required': 'رقم المعاملة مطلوب',
  'Enter the transaction ID (TXID) of your TRC20 transfer: 64 hexadecimal characters, or its Tronscan link':
    'أدخل رقم المعاملة (TXID) لتحويلك عبر TRC20: ‏64 حرفًا ست عشريًا، أو رابطها على Tronscan',
  'Amount is required': 'المبلغ مطلوب',
  'Deposits fetched successfully': 'تم تحميل الإيداعات بنجاح',
  'Deposit not found': 'الإيداع غير موجود',
  'Several deposits match this ID; use the deposit _id': 'هناك أكثر من إيداع يطابق هذا الرقم؛ استخدم قيمة _id الخاصة بالإيداع',
  'This account is closed': 'هذا الحساب مغلق',
  'Deposit approved and credited': 'تمت الموافقة على الإيداع وإضافته إلى الرصيد',
  'Deposit marked as pending again and its amount taken back': 'أُعيد الإيداع إلى حالة الانتظار وخُصم مبلغه من الرصيد',
  'The deposit is already in that state': 'الإيداع في هذه الحالة بالفعل',
  'The user no longer has enough points to revert this deposit': 'لم يعد لدى المستخدم نقاط كافية لعكس هذا الإيداع',
  'Transaction ID must be at most 128 characters': 'يجب ألا يزيد رقم المعاملة على 128 حرفًا',
  'A deposit form was already submitted for this transaction; settle it on the deposit list': 'سبق إرسال نموذج إيداع لهذه المعاملة؛ عالجه من قائمة الإيداعات',

  // Deposits confirmed on the Tron chain.
  'Tron API URL must be empty or an http(s) address such as https://api.trongrid.io': 'يجب أن يكون عنوان Tron API فارغًا أو عنوان http(s)‎ مثل https://api.trongrid.io',
  'Tron API URL must not hold a user name or password (user:pass@) nor point to a link-local or cloud metadata address (169.254.x.x, fe80::)':
    'يجب ألا يحتوي عنوان Tron API على اسم مستخدم أو كلمة مرور (user:pass@)، وألا يشير إلى عنوان محلي للرابط أو إلى خدمة البيانات الوصفية السحابية (169.254.x.x، fe80::)',
  'Tron API key must be empty or 1 to 100 letters, digits and dashes': 'يجب أن يكون مفتاح Tron API فارغًا أو من 1 إلى 100 حرف أو رقم أو شرطة',
  'USDT contract must be a Tron (TRC20) address: 34 characters starting with T': 'يجب أن يكون عقد USDT عنوانًا على شبكة Tron ‏(TRC20): ‏34 حرفًا يبدأ بالحرف T',
  'Tron poll interval must be a whole number of milliseconds from 100 to 3600000': 'يجب أن تكون فترة الاستعلام من شبكة Tron عددًا صحيحًا من أجزاء الثانية بين 100 و3600000',
  'Deposit window must be a whole number of minutes from 1 to 1440': 'يجب أن تكون مهلة الإيداع عددًا صحيحًا من الدقائق بين 1 و1440',
  'Deposits confirmed on the chain are not turned on; send the transaction ID with the deposit form': 'خدمة تأكيد الإيداعات على الشبكة غير مفعّلة؛ أرسل رقم المعاملة عبر نموذج الإيداع',
  'You already have 3 open payment requests. Pay one of them or wait until one expires.': 'لديك بالفعل 3 طلبات دفع مفتوحة. ادفع أحدها أو انتظر حتى تنتهي صلاحية أحدها.',
  'Send exactly the amount shown to the address below': 'أرسل المبلغ المعروض بالضبط إلى العنوان أدناه',
  'Payment request': 'طلب الدفع',
  'Payment request not found': 'طلب الدفع غير موجود',
  'Your transaction is not confirmed on the chain yet. It is checked again automatically and credited once it is confirmed; no need to send it again.':
    'لم تُؤكَّد معاملتك على الشبكة بعد. سنتحقق منها تلقائيًا ونضيفها إلى رصيدك فور تأكيدها، ولا داعي لإرسالها مرة أخرى.',
  'This transaction failed on the chain (it was reverted), so no USDT arrived. Nothing was credited.':
    'فشلت هذه المعاملة على الشبكة (تم عكسها)، لذلك لم يصل أي مبلغ من USDT. لم يُضف شيء إلى الرصيد.',
  'This transaction did not send USDT (TRC20). Only USDT on the Tron network can be credited.':
    'لم تُرسل هذه المعاملة USDT ‏(TRC20). لا يمكن إضافة سوى USDT على شبكة Tron إلى الرصيد.',
  'This transaction did not send USDT to our deposit address. Nothing was credited.': 'لم تُرسل هذه المعاملة USDT إلى عنوان الإيداع الخاص بنا. لم يُضف شيء إلى الرصيد.',
  'Deposit confirmed on the chain and credited': 'تم تأكيد الإيداع على الشبكة وإضافته إلى الرصيد',
  'This transaction does not match any of your payment requests. It has been passed to our team, who will check it and credit it to the account that paid it.':
    'لا تطابق هذه المعاملة أيًّا من طلبات الدفع الخاصة بك. أحلناها إلى فريقنا ليتحقق منها ويضيفها إلى رصيد الحساب الذي دفعها.',
  'This transaction has already been credited': 'سبقت إضافة هذه المعاملة إلى الرصيد',
  'We could not reach the Tron network just now. Please try again in a minute.': 'تعذّر علينا الوصول إلى شبكة Tron الآن. يُرجى المحاولة بعد دقيقة.',
  'Unmatched deposits fetched successfully': 'تم تحميل الإيداعات غير المطابقة بنجاح',
  'Transfer not found': 'التحويل غير موجود',
  'This transfer has already been credited or dismissed': 'سبقت إضافة هذا التحويل إلى الرصيد أو استبعاده',
  'This transfer is not USDT to the deposit address; it can only be dismissed': 'هذا التحويل ليس USDT مرسلًا إلى عنوان الإيداع؛ لا يمكن إلا استبعاده',
  'This transfer did not go through on the chain (reverted, or not in its transaction’s log); it can only be dismissed':
    'لم يتم هذا التحويل على الشبكة (عُكست معاملته، أو لا يظهر في سجل معاملته)؛ لا يمكن إلا تجاهله',
  'This transfer is not confirmed on the chain yet; try again after the next check': 'لم يُؤكَّد هذا التحويل على الشبكة بعد؛ حاول مرة أخرى بعد الفحص التالي',
  'This transfer is not a whole number of cents; it can only be dismissed': 'مبلغ هذا التحويل يتجاوز منزلتين عشريتين؛ لا يمكن إلا استبعاده',
  'No user with that e-mail': 'لا يوجد مستخدم بهذا البريد الإلكتروني',
  'Transfer credited to the user': 'تمت إضافة التحويل إلى رصيد المستخدم',
  'Transfer dismissed': 'تم استبعاد التحويل',
  'TRON_XPUB must be empty or an extended public key (xpub…) of a Tron wallet account': 'يجب أن يكون TRON_XPUB فارغًا أو مفتاحًا عامًا موسّعًا (xpub…) لحساب محفظة على شبكة Tron',
  'TRON_XPUB must be an extended PUBLIC key (xpub…). This is an extended private key: never give it to the platform; export the account’s xpub from your wallet instead':
    'يجب أن يكون TRON_XPUB مفتاحًا عامًا موسّعًا (xpub…). هذا مفتاح خاص موسّع: لا تعطه للمنصة أبدًا، بل صدّر مفتاح xpub للحساب من محفظتك',
  'TRON_XPUB must be the account-level key of the Tron path, m/44’/195’/0’ (depth 3): export the account xpub, not the wallet’s root or an address key':
    'يجب أن يكون TRON_XPUB مفتاح مستوى الحساب في مسار Tron ‏m/44’/195’/0’ (العمق 3): صدّر مفتاح xpub للحساب، لا جذر المحفظة ولا مفتاح عنوان',
  'Your own deposit address is not turned on; use a payment request': 'عنوان الإيداع الخاص بك غير مفعّل؛ استخدم طلب دفع',
  'Your deposit address': 'عنوان الإيداع الخاص بك',
  'Deposit addresses fetched successfully': 'تم جلب عناوين الإيداع بنجاح',
  'Sweep recorded: totals start again from then': 'تم تسجيل التجميع: تبدأ المجاميع من جديد من ذلك الوقت',
  'Sweep time must be a date and time (ISO 8601), not in the future': 'يجب أن يكون وقت التجميع تاريخًا ووقتًا (ISO 8601) وألا يكون في المستقبل',
  'Enter the e-mail of the user to credit': 'أدخل البريد الإلكتروني للمستخدم المراد إضافة المبلغ إلى رصيده',
  'Enter the e-mail address of the user to credit': 'أدخل عنوان البريد الإلكتروني للمستخدم المراد إضافة المبلغ إلى رصيده',
  'the API keeps answering the same page': 'واجهة API تعيد الصفحة نفسها باستمرار',

  // Withdrawals.
  'Withdrawal request submitted. The amount is held until it is processed.': 'تم إرسال طلب السحب. يبقى المبلغ محجوزًا إلى أن تتم معالجة الطلب.',
  'Payout address is required': 'عنوان الاستلام مطلوب',
  'Withdrawals fetched successfully': 'تم تحميل طلبات السحب بنجاح',
  'Withdrawal not found': 'طلب السحب غير موجود',
  'Several withdrawals have this payout address; use the withdrawal _id': 'هناك أكثر من طلب سحب بعنوان الاستلام هذا؛ استخدم قيمة _id الخاصة بطلب السحب',
  'Withdrawal marked as processed': 'تم تعليم طلب السحب بأنه معالَج',
  'Withdrawal marked as pending again': 'أُعيد طلب السحب إلى حالة الانتظار',
  'The withdrawal is already in that state': 'طلب السحب في هذه الحالة بالفعل',
  'Withdrawal request deleted and the amount refunded': 'تم حذف طلب السحب وإعادة المبلغ إلى الرصيد',
  'Withdrawal request deleted': 'تم حذف طلب السحب',
  // Withdrawal rules and payout proof (withdrawals.ts).
  'Payout address must be a Tron (TRC20) address: 34 characters starting with T, letters and digits only': 'يجب أن يكون عنوان الاستلام عنوانًا على شبكة Tron (TRC20): ‏34 حرفًا يبدأ بالحرف T، من حروف وأرقام فقط',
  'Payout address is not a valid Tron address: its checksum does not match (check it for a typo)': 'عنوان الاستلام ليس عنوان Tron صالحًا: رمز التحقق فيه لا يطابق (تحقّق من عدم وجود خطأ في الكتابة)',
  'A second admin (not the one marking it paid) must approve this withdrawal first': 'يجب أن يوافق على هذا السحب أولًا مشرف ثانٍ (غير الذي يعلّمه مدفوعًا)',
  'Withdrawal approved': 'تمت الموافقة على السحب',
  'You have already approved this withdrawal': 'لقد وافقت على هذا السحب من قبل',
  'Only a pending withdrawal can be approved': 'لا يمكن الموافقة إلا على سحب قيد الانتظار',
  'A payout transaction id is required: mark it paid with its transaction id': 'يلزم معرّف معاملة الدفع: علّم السحب مدفوعًا مع معرّف معاملته',
  'This withdrawal was proven paid on the chain; it cannot be marked pending again': 'ثبت دفع هذا السحب على الشبكة؛ فلا يمكن إعادته إلى الانتظار',
  'The chain API is not configured: a payout cannot be checked on the chain': 'واجهة الشبكة غير مُعدّة: لا يمكن التحقق من الدفع على الشبكة',
  'Transaction id must be 64 hexadecimal characters': 'يجب أن يتكون معرّف المعاملة من 64 حرفًا ست عشريًا',
  'This transaction already pays another withdrawal': 'هذه المعاملة تدفع سحبًا آخر بالفعل',
  'The transaction is not solidified on the chain yet: try again in a minute': 'لم تُثبَّت المعاملة على الشبكة بعد: حاول مرة أخرى بعد دقيقة',
  'The transaction failed on the chain (reverted): no USDT moved': 'فشلت المعاملة على الشبكة (أُلغيت): لم يُنقل أي USDT',
  'The transaction holds no USDT transfer': 'لا تتضمن المعاملة أي تحويل USDT',
  'The transaction pays USDT to another address than this withdrawal’s': 'تدفع المعاملة USDT إلى عنوان غير عنوان هذا السحب',
  'The chain API could not be asked: try again in a minute': 'تعذّر الاتصال بواجهة الشبكة: حاول مرة أخرى بعد دقيقة',
  'Withdrawal marked as processed: the payout was found on the chain': 'تم تعليم السحب كمنفَّذ: وُجد الدفع على الشبكة',
  'Withdrawal fee (%) must be a percentage from 0 to 100 with at most 2 decimals': 'يجب أن تكون رسوم السحب (%) نسبة من 0 إلى 100 بمنزلتين عشريتين على الأكثر',
  'New-address hold must be a whole number of hours from 0 (off) to 720': 'يجب أن تكون مدة تعليق العنوان الجديد عددًا صحيحًا من الساعات من 0 (إيقاف) إلى 720',
  'Payout proof must be "required" or "optional"': 'يجب أن يكون إثبات الدفع "required" أو "optional"',
  'Minimum withdrawal must be 0 or an amount with at most 2 decimals, up to 1,000,000.00': 'يجب أن يكون الحد الأدنى للسحب 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Maximum withdrawal must be 0 or an amount with at most 2 decimals, up to 1,000,000.00': 'يجب أن يكون الحد الأقصى للسحب 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Withdrawal fee (fixed) must be 0 or an amount with at most 2 decimals, up to 1,000,000.00': 'يجب أن تكون رسوم السحب الثابتة 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Withdrawal limit per user and 24 hours must be 0 or an amount with at most 2 decimals, up to 1,000,000.00': 'يجب أن يكون حد السحب لكل مستخدم خلال 24 ساعة 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Second admin approval above must be 0 or an amount with at most 2 decimals, up to 1,000,000.00': 'يجب أن يكون حد موافقة المشرف الثاني 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Payout address must be at most 128 characters': 'يجب ألا يزيد عنوان الاستلام على 128 حرفًا',

  // Videos.
  'Link must be an http or https URL': 'يجب أن يكون الرابط عنوان http أو https',
  'Link must be a YouTube video URL or a direct video file URL (.mp4, .webm, .ogg, .ogv, .m4v, .mov)':
    'يجب أن يكون الرابط رابط فيديو على YouTube أو رابطًا مباشرًا لملف فيديو (‎.mp4، ‎.webm، ‎.ogg، ‎.ogv، ‎.m4v، ‎.mov)',
  'Link must be at most 2048 characters': 'يجب ألا يزيد الرابط على 2048 حرفًا',
  'Points must be greater than 0': 'يجب أن تكون النقاط أكبر من 0',
  'Points must be a number with at most 2 decimals, up to 1,000,000.00': 'يجب أن تكون النقاط رقمًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Time must be between 0.01 and 600 minutes': 'يجب أن تكون المدة بين 0.01 و600 دقيقة',
  'Time must be a number of minutes with at most 2 decimals': 'يجب أن تكون المدة عددًا من الدقائق بمنزلتين عشريتين على الأكثر',
  'Video not found': 'الفيديو غير موجود',
  'Open the video before asking for its reward': 'افتح الفيديو قبل طلب مكافأته',
  'Keep watching: the reward is not due yet': 'تابع المشاهدة: لم يحن موعد المكافأة بعد',
  'You have already earned the points for this video today': 'لقد حصلت بالفعل على نقاط هذا الفيديو اليوم',
  'An active subscription is required to earn video rewards': 'يلزم اشتراك فعّال للحصول على مكافآت الفيديو',
  'Title must be text': 'يجب أن يكون العنوان نصًا',
  'Title must be at most 120 characters': 'يجب ألا يزيد العنوان على 120 حرفًا',
  'Title must not contain invisible or direction-control characters (line breaks, tabs, zero-width or bidi marks)':
    'يجب ألا يحتوي العنوان على أحرف غير مرئية أو أحرف للتحكم في اتجاه النص (فواصل الأسطر أو علامات الجدولة أو الأحرف صفرية العرض أو علامات الاتجاه)',
  'Videos fetched successfully': 'تم تحميل مقاطع الفيديو بنجاح',
  'Video fetched successfully': 'تم تحميل الفيديو بنجاح',
  'Video added successfully': 'تمت إضافة الفيديو بنجاح',
  'Video updated successfully': 'تم تحديث الفيديو بنجاح',
  'Video deleted successfully': 'تم حذف الفيديو بنجاح',

  // Platform settings.
  'Settings saved': 'تم حفظ الإعدادات',
  'Nothing changed: the settings already have these values': 'لم يتغير شيء: الإعدادات تحمل هذه القيم بالفعل',
  'Send at least one setting to change': 'أرسل إعدادًا واحدًا على الأقل لتغييره',
  'Deposit address must be a Tron (TRC20) address: 34 characters starting with T (or empty to turn deposits off)':
    'يجب أن يكون عنوان الإيداع عنوانًا على شبكة Tron ‏(TRC20): ‏34 حرفًا يبدأ بالحرف T (أو اتركه فارغًا لإيقاف الإيداعات)',
  'Subscription price must be 0 or an amount with at most 2 decimals, up to 1,000,000.00': 'يجب أن يكون سعر الاشتراك 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Subscription minimum balance must be 0 or an amount with at most 2 decimals, up to 1,000,000.00':
    'يجب أن يكون الحد الأدنى للرصيد اللازم للاشتراك 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Referral first-deposit bonus must be 0 or an amount with at most 2 decimals, up to 1,000,000.00':
    'يجب أن تكون مكافأة الإحالة عن الإيداع الأول 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Minimum deposit must be 0 or an amount with at most 2 decimals, up to 1,000,000.00':
    'يجب أن يكون الحد الأدنى للإيداع 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Identity check threshold must be 0 or an amount with at most 2 decimals, up to 1,000,000.00':
    'يجب أن يكون حد التحقق من الهوية 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Referral bonus minimum deposit must be 0 or an amount with at most 2 decimals, up to 1,000,000.00':
    'يجب أن يكون الحد الأدنى للإيداع المؤهل لمكافأة الإحالة 0 أو مبلغًا بمنزلتين عشريتين على الأكثر، وبحد أقصى 1,000,000.00',
  'Support e-mail must be an e-mail address': 'يجب أن يكون بريد الدعم عنوان بريد إلكتروني صالحًا',
  'Support phone must be 5 to 32 characters: digits, spaces and + ( ) - .': 'يجب أن يتكون هاتف الدعم من 5 إلى 32 خانة: أرقام ومسافات و + ( ) - .',
  'Contact address must be one line of 5 to 200 characters: letters, digits, spaces and , . - / # ( )': 'يجب أن يكون عنوان التواصل سطرًا واحدًا من 5 إلى 200 حرف: حروف وأرقام ومسافات و , . - / # ( )',
  'Contact address must not contain invisible or direction-control characters': 'يجب ألا يحتوي عنوان التواصل على أحرف غير مرئية أو أحرف تحكم في الاتجاه',
  'Sign-ups per address and hour must be a whole number of accounts from 0 (no limit) to 1,000,000':
    'يجب أن يكون عدد التسجيلات لكل عنوان في الساعة عددًا صحيحًا من 0 (بلا حد) إلى 1,000,000',
  'E-mails per second must be a whole number from 0 (no limit) to 10,000': 'يجب أن يكون عدد الرسائل الإلكترونية في الثانية عددًا صحيحًا من 0 (بلا حد) إلى 10,000',
  'Two-factor sign-in for admins must be "required" or "optional"': 'يجب أن يكون التحقق بخطوتين للمشرفين "required" أو "optional"',
  'Referral levels must be 1 to 10 percentages separated by commas (such as 10,5,3), each 0 to 100 with at most 2 decimals, adding up to at most 100':
    'يجب أن تكون مستويات الإحالة من 1 إلى 10 نسب مئوية تفصل بينها فواصل (مثل 10,5,3)، كل منها بين 0 و100 بمنزلتين عشريتين على الأكثر، ولا يزيد مجموعها على 100',

  // Account security: two-factor sign-in, passkeys, sessions.
  'Enter the code from your authenticator app': 'أدخل الرمز الظاهر في تطبيق المصادقة',
  'That code is not valid. Enter the current code from your authenticator app.': 'هذا الرمز غير صالح. أدخل الرمز الحالي الظاهر في تطبيق المصادقة.',
  'That recovery code is not valid or was already used': 'رمز الاسترداد هذا غير صالح أو سبق استخدامه',
  'Enter the code from your authenticator app to finish signing in': 'أدخل الرمز الظاهر في تطبيق المصادقة لإتمام تسجيل الدخول',
  'Your sign-in took too long. Enter your e-mail and password again.': 'استغرق تسجيل الدخول وقتًا طويلًا. أدخل بريدك الإلكتروني وكلمة المرور مرة أخرى.',
  'Start the setup again: no authenticator app is waiting to be confirmed': 'ابدأ الإعداد من جديد: لا يوجد تطبيق مصادقة بانتظار التأكيد',
  'Two-factor sign-in is already on': 'التحقق بخطوتين مفعّل بالفعل',
  'Two-factor sign-in is not on': 'التحقق بخطوتين غير مفعّل',
  'Scan the QR code with your authenticator app, then enter the code it shows': 'امسح رمز QR بتطبيق المصادقة، ثم أدخل الرمز الذي يظهر فيه',
  'Two-factor sign-in is on. Keep your recovery codes somewhere safe: each works once.': 'تم تفعيل التحقق بخطوتين. احفظ رموز الاسترداد في مكان آمن: يصلح كل رمز لمرة واحدة فقط.',
  'Two-factor sign-in is off': 'تم إيقاف التحقق بخطوتين',
  'Administrators must turn on two-factor sign-in first. Set it up on your security page (/user/security).':
    'يجب على المشرفين تفعيل التحقق بخطوتين أولًا. فعّله من صفحة الأمان (‎/user/security).',
  'Passkey added': 'تمت إضافة مفتاح المرور',
  'Passkey renamed': 'تمت إعادة تسمية مفتاح المرور',
  'Passkey removed': 'تمت إزالة مفتاح المرور',
  'Passkey not found': 'مفتاح المرور غير موجود',
  'The passkey could not be verified. Please try again.': 'تعذّر التحقق من مفتاح المرور. يُرجى المحاولة مرة أخرى.',
  'Give the passkey a name of 1 to 64 characters': 'اختر لمفتاح المرور اسمًا من 1 إلى 64 حرفًا',
  'This passkey is already registered': 'مفتاح المرور هذا مسجّل بالفعل',
  'This account has no passkey': 'لا يوجد مفتاح مرور لهذا الحساب',
  'Session ended': 'تم إنهاء الجلسة',
  'Your other sessions have ended': 'تم إنهاء جلساتك الأخرى',
  'Session not found': 'الجلسة غير موجودة',
  'For your security, enter your password again to make this change': 'لحماية حسابك، أدخل كلمة المرور مرة أخرى لإجراء هذا التغيير',
  'Password confirmed. For the next 5 minutes this session can change how you sign in.':
    'تم تأكيد كلمة المرور. يمكن لهذه الجلسة تغيير طرق تسجيل دخولك خلال الدقائق الخمس القادمة.',
  'Enter your password': 'أدخل كلمة المرور',
  'That password is not correct': 'كلمة المرور هذه غير صحيحة',

  // Referrals and notifications (the API's answers; the notifications' own texts are in notifications.ts).
  'Referrals fetched successfully': 'تم تحميل الإحالات بنجاح',
  'Notifications fetched successfully': 'تم تحميل الإشعارات بنجاح',
  'Notifications marked as read': 'تم تعليم الإشعارات كمقروءة',
  'Notification preferences fetched successfully': 'تم تحميل تفضيلات الإشعارات بنجاح',
  'Notification preferences saved': 'تم حفظ تفضيلات الإشعارات',
  'Announcements fetched successfully': 'تم تحميل الإعلانات بنجاح',

  // Requests: idempotency, CSRF, the HTTP layer and the health check.
  'Not found': 'غير موجود',
  'Idempotency-Key must be 1-200 characters': 'يجب أن يتكون Idempotency-Key من 1 إلى 200 حرف',
  'A request with this Idempotency-Key is still in progress': 'لا يزال طلب بمفتاح Idempotency-Key هذا قيد المعالجة',
  'This Idempotency-Key was already used with a different request': 'سبق استخدام مفتاح Idempotency-Key هذا مع طلب مختلف',
  'Please try again': 'يُرجى المحاولة مرة أخرى',
  'Requests from other sites are not accepted': 'لا تُقبل الطلبات الواردة من مواقع أخرى',
  'Invalid or missing CSRF token. Reload the page and try again.': 'رمز CSRF غير صالح أو مفقود. أعد تحميل الصفحة وحاول مرة أخرى.',
  'database unreachable': 'تعذّر الوصول إلى قاعدة البيانات',
  'Request headers or URL are too large': 'ترويسات الطلب أو عنوان URL كبيرة جدًا',
  'Request timed out': 'انتهت مهلة الطلب',
  'Malformed HTTP request': 'طلب HTTP غير صحيح البنية',
  'A part of the address is too long': 'جزء من العنوان طويل جدًا',
  'The address is not valid': 'العنوان غير صالح',
  // GET /metrics refused: an address METRICS_ALLOW does not list, or no or a wrong METRICS_TOKEN.
  'Metrics are not available to this caller': 'المقاييس غير متاحة لهذه الجهة',
  'Text fields must not contain NUL (\\u0000) characters': 'يجب ألا تحتوي الحقول النصية على المحرف NUL ‏(\\u0000)',
  'Invalid request': 'طلب غير صالح',
  'Request body is too large': 'محتوى الطلب كبير جدًا',
  'Content-Type must be application/json': 'يجب أن يكون Content-Type هو application/json',
  'Malformed JSON body': 'محتوى JSON غير صحيح البنية',
  "Body cannot be empty when content-type is set to 'application/json'": 'لا يمكن أن يكون محتوى الطلب فارغًا عندما يكون content-type هو application/json',
  'Request body size did not match Content-Length': 'حجم محتوى الطلب لا يطابق Content-Length',
  // Identity checks (kyc.ts KYC_MSG) and their settings (SETTINGS_MSG).
  'Identity check form fetched successfully': 'تم جلب نموذج التحقق من الهوية بنجاح',
  'Identity check form saved: new submissions use it': 'تم حفظ نموذج التحقق من الهوية: تستخدمه الطلبات الجديدة',
  'The form needs 1 to 30 fields, each with a unique key': 'يحتاج النموذج إلى 1 إلى 30 حقلًا، لكل منها مفتاح فريد',
  'A field key is 1 to 40 lower-case letters, digits or _': 'مفتاح الحقل من 1 إلى 40 حرفًا لاتينيًا صغيرًا أو رقمًا أو _',
  'Each field needs an English and an Arabic label of 1 to 120 characters': 'يحتاج كل حقل إلى تسمية بالإنجليزية وأخرى بالعربية من 1 إلى 120 حرفًا',
  'A field label must be one line of text without control or direction characters': 'يجب أن تكون تسمية الحقل سطرًا واحدًا دون محارف تحكم أو اتجاه',
  'A select field needs 1 to 30 options, each with an English and an Arabic label': 'يحتاج حقل الاختيار إلى 1 إلى 30 خيارًا، لكل منها تسمية بالإنجليزية وأخرى بالعربية',
  'Identity checks are not open yet: the operator has not designed the form': 'التحقق من الهوية غير متاح بعد: لم يُعدّ المشغّل النموذج',
  'Submitted: an admin will review your documents': 'تم الإرسال: سيراجع أحد المسؤولين مستنداتك',
  'The form has just changed: reload the page and fill it again': 'تغيّر النموذج للتو: أعد تحميل الصفحة واملأه مجددًا',
  'Identity checks fetched successfully': 'تم جلب طلبات التحقق من الهوية بنجاح',
  'Submission not found': 'الطلب غير موجود',
  'Document not found': 'المستند غير موجود',
  'Your identity check is already waiting for review': 'طلب التحقق من هويتك بانتظار المراجعة بالفعل',
  'Your identity is already verified': 'هويتك موثّقة بالفعل',
  'This submission was already decided': 'سبق البتّ في هذا الطلب',
  'Identity verified': 'تم التحقق من الهوية',
  'Identity check rejected': 'تم رفض التحقق من الهوية',
  'Give the reason of the rejection (1 to 1,000 characters)': 'اذكر سبب الرفض (من 1 إلى 1,000 حرف)',
  'The reason must not contain control or direction characters (line breaks are allowed)': 'يجب ألا يحتوي السبب على محارف تحكم أو اتجاه (فواصل الأسطر مسموحة)',
  'Decide "approve" or "reject"': 'اختر "approve" أو "reject"',
  'Verify your identity before withdrawing: complete the identity check on your verification page': 'وثّق هويتك قبل السحب: أكمل التحقق من الهوية في صفحة التحقق',
  'Identity check for withdrawals must be "off", "withdrawals" or "withdrawals_above"': 'يجب أن تكون قيمة التحقق من الهوية للسحب "off" أو "withdrawals" أو "withdrawals_above"',
  'Identity document retention must be a whole number of days from 0 (keep them) to 36,500': 'يجب أن تكون مدة الاحتفاظ بمستندات الهوية عددًا صحيحًا من الأيام من 0 (الاحتفاظ بها) إلى 36,500',
  // Support tickets (support.ts SUPPORT_MSG).
  'Ticket opened: we will answer here and tell you when we do': 'تم فتح التذكرة: سنرد هنا ونُعلمك عند الرد',
  'Tickets fetched successfully': 'تم جلب التذاكر بنجاح',
  'Ticket fetched successfully': 'تم جلب التذكرة بنجاح',
  'Reply sent': 'تم إرسال الرد',
  'Internal note saved': 'تم حفظ الملاحظة الداخلية',
  'Ticket closed': 'تم إغلاق التذكرة',
  'Ticket reopened': 'تمت إعادة فتح التذكرة',
  'Ticket assigned to you': 'تم إسناد التذكرة إليك',
  'Ticket not found': 'التذكرة غير موجودة',
  'Attachment not found': 'المرفق غير موجود',
  'Choose one of your own deposits or withdrawals': 'اختر أحد إيداعاتك أو طلبات السحب الخاصة بك',
  'Give the ticket a subject of 1 to 150 characters': 'اكتب للتذكرة موضوعًا من 1 إلى 150 حرفًا',
  'Subject must be one line of text without control or direction characters': 'يجب أن يكون الموضوع سطرًا واحدًا دون محارف تحكم أو اتجاه',
  'Choose a category: deposit, withdrawal, account, videos or other': 'اختر فئة: إيداع أو سحب أو حساب أو فيديوهات أو غير ذلك',
  'Write your message in 1 to 10,000 characters': 'اكتب رسالتك في 1 إلى 10,000 حرف',
  'Message must not contain control or direction characters (line breaks are allowed)': 'يجب ألا تحتوي الرسالة على محارف تحكم أو اتجاه (يُسمح بفواصل الأسطر)',
  'At most 3 files per message': '3 ملفات على الأكثر في كل رسالة',
  'Each file needs a name of 1 to 200 characters': 'يحتاج كل ملف إلى اسم من 1 إلى 200 حرف',
  'A file could not be read: send its content as base64': 'تعذّرت قراءة أحد الملفات: أرسل محتواه بترميز base64',
  'A file is empty': 'أحد الملفات فارغ',
  'Each file must be at most 5 MB': 'يجب ألا يزيد حجم كل ملف على 5 ميغابايت',
  'Only PNG, JPEG or WebP images and PDF documents are accepted (checked from the file’s content)': 'لا تُقبل إلا صور PNG أو JPEG أو WebP ومستندات PDF (يُتحقق من ذلك من محتوى الملف)',
  'You already have 5 open tickets: close one or wait for an answer before opening another': 'لديك 5 تذاكر مفتوحة بالفعل: أغلق إحداها أو انتظر الرد قبل فتح تذكرة أخرى',
  'You have sent 20 messages in the last hour: please wait before writing again': 'أرسلت 20 رسالة خلال الساعة الماضية: يُرجى الانتظار قبل الكتابة مجددًا',
  'The ticket is already closed': 'التذكرة مغلقة بالفعل',
  'The ticket is not closed': 'التذكرة غير مغلقة',
  'A ticket can be reopened within 7 days of being closed: please open a new one': 'يمكن إعادة فتح التذكرة خلال 7 أيام من إغلاقها: يُرجى فتح تذكرة جديدة',
  'The ticket is closed: reopen it to write again': 'التذكرة مغلقة: أعد فتحها لتكتب مجددًا',
};

const LIST_NOUNS_AR: Readonly<Record<string, string>> = { users: 'مستخدم', deposits: 'إيداع', withdrawals: 'طلب سحب' };

/**
 * A count with its noun in Arabic: 1 and 2 have their own forms, 3–10 the plural, 11 and up the singular accusative.
 * `forms`: [one, two, plural (3–10), singular (0, 11+)].
 */
export function arabicCount(n: number, forms: readonly [string, string, string, string]): string {
  if (n === 1) return forms[0];
  if (n === 2) return forms[1];
  const mod100 = n % 100;
  if (mod100 >= 3 && mod100 <= 10) return `${n} ${forms[2]}`;
  return `${n} ${forms[3]}`;
}

const ZOD_TYPES_AR: Readonly<Record<string, string>> = {
  string: 'نص',
  number: 'رقم',
  int: 'عدد صحيح',
  boolean: 'قيمة منطقية (true أو false)',
  object: 'كائن JSON',
  array: 'قائمة',
  undefined: 'لا شيء',
  null: 'null',
  bigint: 'عدد صحيح',
  date: 'تاريخ',
  nan: 'NaN',
  NaN: 'NaN',
};
const typeAr = (t: string) => ZOD_TYPES_AR[t] ?? t;
const UNITS_AR: Readonly<Record<string, readonly [string, string, string, string]>> = {
  characters: ['حرف واحد', 'حرفين', 'أحرف', 'حرفًا'],
  items: ['عنصر واحد', 'عنصرين', 'عناصر', 'عنصرًا'],
  entries: ['عنصر واحد', 'عنصرين', 'عناصر', 'عنصرًا'],
  bytes: ['بايت واحد', 'بايتين', 'بايتات', 'بايتًا'],
};
const BOUND_AR: Readonly<Record<string, string>> = {
  '<=': 'بحد أقصى',
  '<': 'أقل من',
  '>=': 'بحد أدنى',
  '>': 'أكثر من',
  'exactly ': 'بالضبط',
};
const FORMATS_AR: Readonly<Record<string, string>> = {
  'email address': 'بريد إلكتروني غير صالح',
  URL: 'رابط URL غير صالح',
  UUID: 'معرّف UUID غير صالح',
  'ISO date': 'تاريخ غير صالح (الصيغة المطلوبة YYYY-MM-DD)',
  'ISO datetime': 'تاريخ ووقت غير صالحين (صيغة ISO)',
  'ISO time': 'وقت غير صالح (صيغة ISO)',
  input: 'قيمة غير صالحة',
};

type Pattern = readonly [RegExp, (m: RegExpExecArray, t: (text: string) => string | undefined) => string | undefined];

/** Messages with variable parts: the English pattern and its Arabic. Zod's own English messages are here too. */
export const AR_PATTERNS: readonly Pattern[] = [
  [/^At most (\d+) characters$/, (m) => `يجب ألا يزيد النص على ${m[1]} حرفًا`],
  [/^Password must be at least (\d+) characters$/, (m) => `يجب ألا تقل كلمة المرور عن ${m[1]} أحرف`],
  [/^Password must be at most (\d+) characters$/, (m) => `يجب ألا تزيد كلمة المرور على ${m[1]} حرفًا`],
  [/^Please deposit at least (\S+) points to activate subscription\.$/, (m) => `يُرجى إيداع ${m[1]} نقطة على الأقل لتفعيل الاشتراك.`],
  [
    /^All (\d+) payment amounts for (\S+) USDT are taken by open requests right now\. Try again in a few minutes or choose another amount\.$/,
    (m) => `جميع مبالغ الدفع المخصصة لمبلغ ${m[2]} USDT (وعددها ${m[1]}) محجوزة حاليًا لطلبات مفتوحة. حاول مرة أخرى بعد بضع دقائق أو اختر مبلغًا آخر.`,
  ],
  [
    /^(.+) \((\d+) seconds? left\)$/,
    (m, t) => {
      const text = t(m[1]!);
      return text && `${text} (${arabicCount(Number(m[2]), ['بقيت ثانية واحدة', 'بقيت ثانيتان', 'ثوانٍ متبقية', 'ثانية متبقية'])})`;
    },
  ],
  [
    /^The minimum deposit is (\S+) USDT\. Enter an amount of at least (\S+)\.$/,
    (m) => `الحد الأدنى للإيداع ${m[1]} USDT. أدخل مبلغًا لا يقل عن ${m[2]}.`,
  ],
  [/^You earned (\S+) points$/, (m) => `ربحت ${m[1]} نقطة`],
  [/^The smallest withdrawal is (\S+) USDT$/, (m) => `أصغر مبلغ للسحب ${m[1]} USDT`],
  [/^The largest withdrawal is (\S+) USDT$/, (m) => `أكبر مبلغ للسحب ${m[1]} USDT`],
  [/^The fee \((\S+) USDT\) takes the whole amount: ask for more$/, (m) => `الرسوم (${m[1]} USDT) تستغرق المبلغ كله: اطلب مبلغًا أكبر`],
  [
    /^This exceeds your withdrawal limit of (\S+) USDT per 24 hours \((\S+) USDT left\)$/,
    (m) => `يتجاوز هذا حد السحب لديك البالغ ${m[1]} USDT خلال 24 ساعة (المتبقي ${m[2]} USDT)`,
  ],
  [
    /^Withdrawal request submitted\. The amount is held; this address is new, so it can be paid from (\S+)\.$/,
    (m) => `تم إرسال طلب السحب. المبلغ محجوز؛ هذا العنوان جديد، لذا يمكن دفعه ابتداءً من ${m[1]}.`,
  ],
  [/^The payout address is new: this withdrawal can be paid from (\S+)$/, (m) => `عنوان الدفع جديد: يمكن دفع هذا السحب ابتداءً من ${m[1]}`],
  [/^The transaction does not pay exactly the net amount \((\S+) USDT\)$/, (m) => `لا تدفع المعاملة صافي المبلغ بالضبط (${m[1]} USDT)`],
  [/^(\d+) ledger breach\(es\) found$/, (m) => `عدد المخالفات في دفتر الحسابات: ${m[1]}`],
  [/^(.+) is required$/, (m) => `الحقل «${m[1]}» مطلوب`],
  [/^(.+) is not valid$/, (m) => `قيمة الحقل «${m[1]}» غير صالحة`],
  [
    /^Withdrawals above (\S+) points need a verified identity: complete the identity check on your verification page$/,
    (m) => `يتطلب السحب بأكثر من ${m[1]} نقطة هوية موثّقة: أكمل التحقق من الهوية في صفحة التحقق`,
  ],
  [/^Announcement sent to (\d+) users?$/, (m) => `أُرسل الإعلان إلى ${arabicCount(Number(m[1]), ['مستخدم واحد', 'مستخدمَين', 'مستخدمين', 'مستخدم'])}`],
  [/^Something went wrong \(request (.+)\)$/, (m) => `حدث خطأ ما (رقم الطلب ${m[1]})`],
  [/^Route (\S+) (.+) not found$/, (m) => `المسار ${m[1]} ${m[2]} غير موجود`],
  [
    /^Showing the first (\d+) of (\d+) (\w+); ask with page and limit to read them all$/,
    (m) => `يُعرض أول ${m[1]} من أصل ${m[2]} (${LIST_NOUNS_AR[m[3]!] ?? m[3]})؛ استخدم page وlimit لقراءتها كلها`,
  ],
  // Zod's own messages (zod/v4/locales/en), for schemas without a message of their own.
  [/^Invalid input: expected (\w+), received (\w+)$/, (m) => `قيمة غير صالحة: المتوقع ${typeAr(m[1]!)}، والمرسَل ${typeAr(m[2]!)}`],
  [/^Invalid input: expected (.+)$/, (m) => `قيمة غير صالحة: المتوقع ${m[1]}`],
  [/^Invalid input$/, () => 'قيمة غير صالحة'],
  [/^Invalid option: expected one of (.+)$/, (m) => `خيار غير صالح: المتوقع أحد الخيارات ${m[1]}`],
  [
    /^Too (big|small): expected (\w+) to have (<=|<|>=|>|exactly )(\S+) (\w+)$/,
    (m) =>
      `${m[1] === 'big' ? 'القيمة أطول من المسموح' : 'القيمة أقصر من المسموح'}: ${BOUND_AR[m[3]!]} ${UNITS_AR[m[5]!] ? arabicCount(Number(m[4]), UNITS_AR[m[5]!]!) : `${m[4]} ${m[5]}`}`,
  ],
  [
    /^Too (big|small): expected (\w+) to be (<=|<|>=|>|exactly )(\S+)$/,
    (m) => `${m[1] === 'big' ? 'القيمة أكبر من المسموح' : 'القيمة أصغر من المسموح'}: ${BOUND_AR[m[3]!]} ${m[4]}`,
  ],
  [/^Invalid string: must start with "(.*)"$/, (m) => `نص غير صالح: يجب أن يبدأ بـ "${m[1]}"`],
  [/^Invalid string: must end with "(.*)"$/, (m) => `نص غير صالح: يجب أن ينتهي بـ "${m[1]}"`],
  [/^Invalid string: must include "(.*)"$/, (m) => `نص غير صالح: يجب أن يتضمن "${m[1]}"`],
  [/^Invalid string: must match pattern (.*)$/, (m) => `نص غير صالح: يجب أن يطابق النمط ${m[1]}`],
  [/^Invalid (.+)$/, (m) => FORMATS_AR[m[1]!]],
  [/^Invalid number: must be a multiple of (\S+)$/, (m) => `رقم غير صالح: يجب أن يكون من مضاعفات ${m[1]}`],
  [/^Unrecognized keys?: (.+)$/, (m) => `حقول غير معروفة: ${m[1]}`],
  [/^Invalid key in (\w+)$/, () => 'مفتاح غير صالح'],
  [/^Invalid element in (\w+)$/, () => 'عنصر غير صالح'],
  [/^Invalid value$/, () => 'قيمة غير صالحة'],
];

/** The Arabic of an English message, or undefined when there is none (a text the dictionary does not know). */
export function arabicMessage(english: string): string | undefined {
  const exact = AR_MESSAGES[english];
  if (exact !== undefined) return exact;
  for (const [pattern, arabic] of AR_PATTERNS) {
    const m = pattern.exec(english);
    const text = m ? arabic(m, arabicMessage) : undefined;
    if (text !== undefined) return text;
  }
  return undefined;
}

/** An API message in `lang`: English is returned as it is; a text without translation stays English. */
export function translateMessage(lang: Language, english: string): string {
  if (lang === 'en') return english;
  return arabicMessage(english) ?? english;
}
