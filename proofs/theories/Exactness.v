(** * A program the validator accepts is exact on every path.

    Theorem [validated_invariant] (the counter invariant and every other
    fact): at every point of every path, the concrete values satisfy the
    facts the validator computed; in particular a counter register r with
    the fact r = N_F + k holds C_F = N_F - off_F.
    Theorems [validated_sound] and [validated_exact]: at every consumer
    instance, what its engine waited for is at least T(c, F), and (with the
    precision checks) what it waits for beyond what it had already waited
    for is at most T(c, F): a dropped implied wait was already satisfied.
    Theorem [validated_waits_bounded]: no wait asks for more than its agent's
    count at the wait (used by deadlock freedom). *)

From Coq Require Import ZArith List Bool Lia.
From NeuronISA Require Import Model Validator.
Import ListNotations.
Open Scope Z_scope.

(** ** Lists *)

Lemma flat_map_nil {A B : Type} (f : A -> list B) (l : list A) :
  flat_map f l = [] -> forall x, In x l -> f x = [].
Proof.
  induction l as [|y l IH]; simpl; intros H x Hx; [contradiction|].
  apply app_eq_nil in H as [H1 H2]. destruct Hx as [<-|Hx]; auto.
Qed.

Lemma in_omap {A B : Type} (f : A -> option B) (l : list A) y :
  In y (omap f l) -> exists x, In x l /\ f x = Some y.
Proof.
  induction l as [|x l IH]; simpl; [contradiction|].
  destruct (f x) eqn:E; simpl.
  - intros [<-|H]; eauto. destruct (IH H) as (x' & ? & ?); eauto.
  - intros H. destruct (IH H) as (x' & ? & ?); eauto.
Qed.

Lemma base_eqb_eq a b : base_eqb a b = true -> a = b.
Proof.
  destruct a, b; simpl; try discriminate; auto;
    intros H; apply Nat.eqb_eq in H; subst; auto.
Qed.

Lemma fact_eqb_eq f g : fact_eqb f g = true -> f = g.
Proof.
  destruct f as [b k], g as [b' k']; unfold fact_eqb; simpl.
  intros H; apply andb_true_iff in H as [H1 H2].
  apply base_eqb_eq in H1; apply Z.eqb_eq in H2; subst; auto.
Qed.

Lemma list_fact_eqb_eq l1 l2 : list_fact_eqb l1 l2 = true -> l1 = l2.
Proof.
  revert l2; induction l1 as [|f l1 IH]; destruct l2 as [|g l2]; simpl;
    try discriminate; auto.
  intros H; apply andb_true_iff in H as [H1 H2].
  apply fact_eqb_eq in H1; apply IH in H2; subst; auto.
Qed.

Lemma find_base_some b fs g : find_base b fs = Some g -> In g fs /\ fst g = b.
Proof.
  unfold find_base; intros H. apply find_some in H as [H1 H2].
  apply base_eqb_eq in H2; auto.
Qed.

Lemma lookn_in {V : Type} (l : list (nat * V)) k v : lookn l k = Some v -> In (k, v) l.
Proof.
  induction l as [|[k' v'] l IH]; simpl; [discriminate|].
  destruct (Nat.eqb k k') eqn:E.
  - intros H; inversion H; subst. apply Nat.eqb_eq in E; subst; auto.
  - intros H; auto.
Qed.

Lemma lookn_none {V : Type} (l : list (nat * V)) k : lookn l k = None -> forall v, ~ In (k, v) l.
Proof.
  induction l as [|[k' v'] l IH]; simpl; [auto|].
  destruct (Nat.eqb k k') eqn:E; [discriminate|].
  intros H v [Hv|Hv]; [inversion Hv; subst; rewrite Nat.eqb_refl in E; discriminate|].
  eapply IH; eauto.
Qed.

Lemma keq_eq a b : keq a b = true -> a = b.
Proof.
  destruct a, b; unfold keq; simpl; intros H; apply andb_true_iff in H as [H1 H2].
  apply Nat.eqb_eq in H1; apply Nat.eqb_eq in H2; subst; auto.
Qed.

Lemma keq_refl a : keq a a = true.
Proof. destruct a; unfold keq; simpl; rewrite !Nat.eqb_refl; auto. Qed.

Lemma lookp_in {V : Type} (l : list ((nat * nat) * V)) k v : lookp l k = Some v -> In (k, v) l.
Proof.
  induction l as [|[k' v'] l IH]; simpl; [discriminate|].
  destruct (keq k k') eqn:E.
  - intros H; inversion H; subst. apply keq_eq in E; subst; auto.
  - intros H; auto.
Qed.

Lemma lookp_none {V : Type} (l : list ((nat * nat) * V)) k : lookp l k = None -> forall v, ~ In (k, v) l.
Proof.
  induction l as [|[k' v'] l IH]; simpl; [auto|].
  destruct (keq k k') eqn:E; [discriminate|].
  intros H v [Hv|Hv]; [inversion Hv; subst; rewrite keq_refl in E; discriminate|].
  eapply IH; eauto.
Qed.

Lemma lookp_some_in {V : Type} (l : list ((nat * nat) * V)) k v : In (k, v) l -> exists v', lookp l k = Some v'.
Proof.
  intros H. destruct (lookp l k) eqn:E; eauto.
  exfalso; eapply lookp_none; eauto.
Qed.

Lemma in_setn {V : Type} k v (l : list (nat * V)) k' v' :
  In (k', v') (setn k v l) -> (k' = k /\ v' = v) \/ (k' <> k /\ In (k', v') l).
Proof.
  unfold setn; simpl. intros [H|H]; [inversion H; auto|].
  apply filter_In in H as [H1 H2]; simpl in H2.
  right; split; auto. intros ->; rewrite Nat.eqb_refl in H2; discriminate.
Qed.

Lemma in_setp {V : Type} k v (l : list ((nat * nat) * V)) k' v' :
  In (k', v') (setp k v l) -> (k' = k /\ v' = v) \/ (k' <> k /\ In (k', v') l).
Proof.
  unfold setp; simpl. intros [H|H]; [inversion H; auto|].
  apply filter_In in H as [H1 H2]; simpl in H2.
  right; split; auto. intros ->; rewrite keq_refl in H2; discriminate.
Qed.

Lemma in_setp_other {V : Type} k v (l : list ((nat * nat) * V)) k' v' :
  k' <> k -> In (k', v') l -> In (k', v') (setp k v l).
Proof.
  intros Hne H. unfold setp; right. apply filter_In; split; auto; simpl.
  destruct (keq k' k) eqn:E; auto. apply keq_eq in E; contradiction.
Qed.

(** ** The concrete semantics *)

Section Concrete.
Variable p : prog.
Variable orc : nat -> nat -> Z.

Lemma cnt_nonneg F h : 0 <= cnt p F h.
Proof. induction h; simpl; [lia|destruct (producer_of p F a); lia]. Qed.

Lemma cnt_mono F i h : cnt p F h <= cnt p F (i :: h).
Proof. simpl; destruct (producer_of p F i); lia. Qed.

Lemma vlast_le_cnt P F h : 0 <= vlast p P F h <= cnt p F h.
Proof.
  induction h as [|i h IH]; [simpl; lia|].
  assert (Hc := cnt_mono F i h). assert (Hn := cnt_nonneg F h).
  destruct i; cbn [vlast]; try lia.
  destruct (P s); lia.
Qed.

Lemma vlast_mono P F i h : vlast p P F h <= vlast p P F (i :: h).
Proof.
  assert (Hc := cnt_mono F i h). assert (Hv := vlast_le_cnt P F h).
  destruct i; cbn [vlast]; try lia.
  destruct (P s); lia.
Qed.

Lemma vlast_subset P Q F h :
  (forall x, In (ISite x) h -> Q x = true -> P x = true) ->
  vlast p Q F h <= vlast p P F h.
Proof.
  induction h as [|i h IH]; intros Hs; [simpl; lia|].
  assert (IH' : vlast p Q F h <= vlast p P F h) by (apply IH; intros; apply Hs; simpl; auto).
  assert (Hm := vlast_mono P F i h).
  destruct i; cbn [vlast]; try lia.
  destruct (Q s) eqn:EQ.
  - rewrite (Hs s (or_introl eq_refl) EQ); lia.
  - cbn [vlast] in Hm. lia.
Qed.

Lemma vlast_latest P F h :
  vlast p P F h = 0 \/
  exists s, In (ISite s) h /\ P s = true /\
    forall Q, (forall x, In (ISite x) h -> Q x = true -> P x = true) -> Q s = true ->
      vlast p Q F h = vlast p P F h.
Proof.
  induction h as [|i h IH]; [simpl; auto|].
  assert (Hstep : forall Q, vlast p Q F (i :: h) =
            match i with ISite s => if Q s then cnt p F (i :: h) else vlast p Q F h
                       | _ => vlast p Q F h end)
    by (intros; destruct i; reflexivity).
  destruct i;
    try (rewrite !Hstep;
         destruct IH as [IH|(s & Hin & Hp & Hq)]; [left; auto|right; exists s; repeat split; auto;
         [right; auto|intros Q HQ Hs; rewrite Hstep; apply Hq; auto; intros x Hx; apply HQ; right; auto]]).
  rewrite Hstep. destruct (P s) eqn:EP.
  - right; exists s; repeat split; auto; [left; auto|]. intros Q HQ Hs; rewrite Hstep, Hs; auto.
  - destruct IH as [IH|(s' & Hin & Hp & Hq)]; [left; auto|].
    right; exists s'; repeat split; auto; [right; auto|].
    intros Q HQ Hs. rewrite Hstep. destruct (Q s) eqn:EQ.
    + rewrite (HQ s (or_introl eq_refl) EQ) in EP; discriminate.
    + apply Hq; auto. intros x Hx; apply HQ; right; auto.
Qed.

Lemma guar_nonneg e sm h : 0 <= guar orc e sm h.
Proof.
  induction h as [|i h IH]; simpl; [lia|].
  destruct i; auto. destruct (Nat.eqb e e0 && Nat.eqb sm sm0); lia.
Qed.

Lemma pend_nonneg e sm h : 0 <= pend p orc e sm h.
Proof.
  induction h as [|i h IH]; simpl; [lia|].
  destruct i; auto.
  - destruct (Nat.eqb (sengine p s) e); lia.
  - destruct (Nat.eqb e e0 && Nat.eqb sm sm0); [|lia].
    destruct (regv orc r h + k <=? guar orc e sm h); lia.
Qed.

Lemma regv_zero h : regv orc 0 h = 0.
Proof. destruct h; reflexivity. Qed.

Lemma regv_cons r i h :
  regv orc r (i :: h) =
  if Nat.eqb r 0 then 0 else
  match i with
  | ISet d k => if Nat.eqb d r then k else regv orc r h
  | IAdd d s k => if Nat.eqb d r then regv orc s h + k else regv orc r h
  | IDef d => if Nat.eqb d r then orc (length (i :: h)) r else regv orc r h
  | _ => regv orc r h
  end.
Proof. reflexivity. Qed.

End Concrete.

(** ** What the facts mean *)

Section Facts.
Variable p : prog.
Variable orc : nat -> nat -> Z.

Definition bval (b : base) (h : list instr) : Z :=
  match b with
  | BZ => 0
  | BN F => cnt p F h
  | BV q => vlast p (pmem p q) (pagent p q) h
  end.

(** A value v equals base + k. *)
Definition vholds (v : Z) (h : list instr) (f : fact) : Prop := v = bval (fst f) h + snd f.
(** What a wait for v waits for, max(0, v), equals max(0, base + k). *)
Definition mholds (v : Z) (h : list instr) (f : fact) : Prop :=
  Z.max 0 v = Z.max 0 (bval (fst f) h + snd f).
Definition ivholds (q : nat) (iv : option Z * Z) (h : list instr) : Prop :=
  forall b, lo_le (fst iv) b = true -> b <= snd iv ->
            bval (BV q) h = Z.max 0 (cnt p (pagent p q) h + b).
(** Whatever b is left, the lower end bounds V_q from above. *)
Definition ivupper (q : nat) (iv : option Z * Z) (h : list instr) : Prop :=
  forall l, fst iv = Some l -> bval (BV q) h <= Z.max 0 (cnt p (pagent p q) h + l).
Definition gholds (k : nat * nat) (h : list instr) (f : fact) : Prop :=
  Z.max 0 (bval (fst f) h + snd f) <= guar orc (fst k) (snd k) h.
Definition pholds (k : nat * nat) (h : list instr) (f : fact) : Prop :=
  pend p orc (fst k) (snd k) h <= Z.max 0 (bval (fst f) h + snd f).
Definition pcomps (k : nat * nat) (h : list instr) (cs : list (list fact)) : Prop :=
  pend p orc (fst k) (snd k) h = 0 \/ exists c, In c cs /\ forall f, In f c -> pholds k h f.

Record sat (a : astate) (h : list instr) : Prop := {
  sat_r : forall r fs f, In (r, fs) (ar a) -> r <> 0%nat -> In f fs -> vholds (regv orc r h) h f;
  sat_v : forall q iv, In (q, iv) (av a) -> ivholds q iv h;
  sat_n : forall F n, In (F, n) (an a) -> cnt p F h = n;
  sat_g : forall k fs f, In (k, fs) (ag a) -> In f fs -> gholds k h f;
  sat_p : forall k cs, In (k, cs) (ap a) -> pcomps k h cs;
  sat_p0 : forall k, (forall cs, ~ In (k, cs) (ap a)) -> pend p orc (fst k) (snd k) h = 0;
  sat_o : forall q2 q1 d, In ((q2, q1), d) (ao a) ->
          bval (BV q2) h = Z.max 0 (bval (BV q1) h + d);
  sat_u : forall q iv, In (q, iv) (av a) -> ivupper q iv h;
  sat_m : forall r fs f, In (r, fs) (am a) -> r <> 0%nat -> In f fs -> mholds (regv orc r h) h f
}.

Lemma rf_sound a h r f : sat a h -> In f (rf a r) -> vholds (regv orc r h) h f.
Proof.
  intros Hs Hf. unfold rf in Hf. destruct (Nat.eqb r 0) eqn:E.
  - apply Nat.eqb_eq in E; subst. destruct Hf as [<-|[]].
    unfold vholds; simpl; rewrite regv_zero; lia.
  - apply Nat.eqb_neq in E. unfold facts_of in Hf.
    destruct (lookn (ar a) r) eqn:L; [|contradiction].
    eapply sat_r; eauto. apply lookn_in; auto.
Qed.

Lemma mf_sound a h r f : sat a h -> In f (mf a r) -> mholds (regv orc r h) h f.
Proof.
  intros Hs Hf. unfold mf in Hf. destruct (Nat.eqb r 0) eqn:E; [contradiction|].
  apply Nat.eqb_neq in E. unfold facts_of in Hf.
  destruct (lookn (am a) r) eqn:L; [|contradiction].
  eapply sat_m; eauto. apply lookn_in; auto.
Qed.

Lemma gf_sound a h k f : sat a h -> In f (gf a k) -> gholds k h f.
Proof.
  intros Hs Hf. unfold gf, facts_of in Hf. destruct (lookp (ag a) k) eqn:L; [|contradiction].
  eapply sat_g; eauto. apply lookp_in; auto.
Qed.

(** An interval without lower bound: V_q = 0. *)
Lemma iv_none_zero q hi h : ivholds q (None, hi) h -> bval (BV q) h = 0.
Proof.
  intros H. pose proof (cnt_nonneg p (pagent p q) h).
  rewrite (H (Z.min hi (- cnt p (pagent p q) h))); simpl; auto; lia.
Qed.

Lemma bv_nonneg q h : 0 <= bval (BV q) h.
Proof. simpl. apply vlast_le_cnt. Qed.

Lemma bv_le_cnt q h : bval (BV q) h <= cnt p (pagent p q) h.
Proof. simpl. apply vlast_le_cnt. Qed.

Lemma dedup_incl f l : In f (dedup l) -> In f l.
Proof.
  unfold dedup. rewrite <- in_rev.
  assert (H : forall acc, In f (fold_left (fun acc f => if existsb (fact_eqb f) acc then acc else f :: acc) l acc) ->
              In f acc \/ In f l).
  { induction l as [|x l IH]; intros acc Hf; [auto|].
    cbn [fold_left] in Hf. apply IH in Hf as [Hf|Hf]; [|right; right; auto].
    destruct (existsb (fact_eqb x) acc); [left; auto|].
    destruct Hf as [<-|Hf]; [right; left; auto|left; auto]. }
  intros Hf. apply H in Hf as [[]|Hf]. exact Hf.
Qed.

Lemma saturate_sound a h v fs :
  sat a h -> (forall f, In f fs -> vholds v h f) ->
  forall f, In f (saturate p a fs) -> vholds v h f.
Proof.
  intros Hs Hfs.
  assert (H1 : forall f, In f (fs ++ flat_map (derive_bn a) fs) -> vholds v h f).
  { intros f Hf. apply in_app_or in Hf as [Hf|Hf]; auto.
    apply in_flat_map in Hf as ([b z] & Hin & Hf).
    specialize (Hfs _ Hin). destruct b; simpl in Hf; try contradiction.
    apply in_map_iff in Hf as ([F n] & <- & Hn).
    unfold vholds in *; simpl in *. rewrite (sat_n _ _ Hs F n Hn); lia. }
  intros f Hf. unfold saturate in Hf. apply dedup_incl in Hf. apply in_app_or in Hf as [Hf|Hf]; auto.
  apply in_flat_map in Hf as ([b j] & Hin & Hf).
  specialize (H1 _ Hin). destruct b; simpl in Hf; try contradiction.
  destruct (nonneg a F j) eqn:Hnn; [|contradiction].
  apply in_map_iff in Hf as ([q [lo hi]] & <- & Hq).
  apply filter_In in Hq as [Hq Hc]; simpl in Hc.
  apply andb_true_iff in Hc as [HF Hins]. apply Nat.eqb_eq in HF.
  unfold inside in Hins; apply andb_true_iff in Hins as [Hlo Hhi]; apply Z.leb_le in Hhi.
  pose proof (sat_v _ _ Hs _ _ Hq j Hlo Hhi) as Hv. simpl in Hv.
  unfold vholds in *; simpl in *.
  assert (0 <= cnt p F h + j).
  { unfold nonneg in Hnn. apply orb_true_iff in Hnn as [Hnn|Hnn].
    - apply Z.leb_le in Hnn; pose proof (cnt_nonneg p F h); lia.
    - destruct (lookn (an a) F) eqn:L; [|discriminate].
      apply Z.leb_le in Hnn. rewrite (sat_n _ _ Hs F z (lookn_in _ _ _ L)); lia. }
  rewrite Hv, HF; lia.
Qed.

Lemma rel_eqb_eq x y : rel_eqb x y = true -> x = y.
Proof.
  destruct x as [[a b] c], y as [[a' b'] c']. unfold rel_eqb, keq; cbn [fst snd].
  intros H. apply andb_true_iff in H as [H1 H2]. apply andb_true_iff in H1 as [H1 H3].
  apply Nat.eqb_eq in H1; apply Nat.eqb_eq in H3; apply Z.eqb_eq in H2. subst; auto.
Qed.

Lemma known_at_sound v h q b :
  (forall q' iv, In (q', iv) v -> ivholds q' iv h) -> known_at v q = Some b ->
  bval (BV q) h = Z.max 0 (cnt p (pagent p q) h + b).
Proof.
  intros Hv Hk. unfold known_at in Hk.
  destruct (lookn v q) as [[[l|] hi]|] eqn:L; try discriminate.
  destruct (l <=? hi) eqn:E; [injection Hk as <-|discriminate].
  apply (Hv _ _ (lookn_in _ _ _ L)); cbn [fst snd lo_le]; [apply Z.leb_le; lia|apply Z.leb_le; auto].
Qed.

(** Two Known thresholds of one agent, b2 - b1 = d <= 0 apart. *)
Lemma rel_known_sound v h o :
  (forall q' iv, In (q', iv) v -> ivholds q' iv h) -> rel_known p v o = true ->
  bval (BV (fst (fst o))) h = Z.max 0 (bval (BV (snd (fst o))) h + snd o).
Proof.
  intros Hv Hr. unfold rel_known in Hr.
  apply andb_true_iff in Hr as [Hr Hm]. apply andb_true_iff in Hr as [HF Hd].
  apply Nat.eqb_eq in HF. apply Z.leb_le in Hd.
  destruct (known_at v (fst (fst o))) as [b2|] eqn:K2; [|discriminate].
  destruct (known_at v (snd (fst o))) as [b1|] eqn:K1; [|discriminate].
  apply Z.eqb_eq in Hm.
  rewrite (known_at_sound _ _ _ _ Hv K2), (known_at_sound _ _ _ _ Hv K1), HF. lia.
Qed.

End Facts.

(** ** The transfer functions are sound *)

Section Transfer.
Variable p : prog.
Variable orc : nat -> nat -> Z.

Notation sat := (sat p orc).

Lemma cnt_site F s h :
  cnt p F (ISite s :: h) = cnt p F h + (if isprod p s && Nat.eqb (sagent p s) F then 1 else 0).
Proof.
  change (cnt p F (ISite s :: h)) with ((if producer_of p F (ISite s) then 1 else 0) + cnt p F h).
  unfold producer_of, isprod.
  destruct (Nat.eqb (sagent p s) F), (ssem p s); cbv beta iota delta [andb]; lia.
Qed.

Lemma regv_nonwrite r i h :
  (forall d k, i <> ISet d k) -> (forall d s k, i <> IAdd d s k) -> (forall d, i <> IDef d) ->
  regv orc r (i :: h) = regv orc r h.
Proof.
  intros H1 H2 H3. rewrite regv_cons. destruct (Nat.eqb r 0) eqn:E.
  - apply Nat.eqb_eq in E; subst; rewrite regv_zero; auto.
  - destruct i; try reflexivity; exfalso;
      first [eapply H1; reflexivity | eapply H2; reflexivity | eapply H3; reflexivity].
Qed.

Lemma bval_nonsite b i h : (forall s, i <> ISite s) -> bval p b (i :: h) = bval p b h.
Proof.
  intros H. destruct b; simpl; auto.
  - destruct i; simpl; auto; exfalso; eapply H; reflexivity.
  - destruct i; simpl; auto; exfalso; eapply H; reflexivity.
Qed.

Lemma vlast_site P F s h :
  vlast p P F (ISite s :: h) = if P s then cnt p F (ISite s :: h) else vlast p P F h.
Proof. reflexivity. Qed.

Lemma site_exact_val s h f f' :
  site_exact p s f = Some f' -> bval p (fst f') (ISite s :: h) + snd f' = bval p (fst f) h + snd f.
Proof.
  destruct f as [b k]; unfold site_exact; cbn [fst snd]. destruct b.
  - intros H; inversion H; subst; reflexivity.
  - destruct (isprod p s && Nat.eqb (sagent p s) F) eqn:E; intros H; inversion H; subst;
      cbn [fst snd bval]; rewrite cnt_site, E; lia.
  - destruct (pmem p q s) eqn:E; intros H; inversion H; subst. cbn [fst snd bval].
    rewrite vlast_site, E; reflexivity.
Qed.

Lemma site_upper_val s h f :
  bval p (fst f) h + snd f <= bval p (fst (site_upper p s f)) (ISite s :: h) + snd (site_upper p s f).
Proof.
  destruct f as [b k]; unfold site_upper; cbn [fst snd]. destruct b.
  - cbn [fst snd bval]; lia.
  - destruct (isprod p s && Nat.eqb (sagent p s) F) eqn:E; cbn [fst snd bval];
      rewrite cnt_site, E; lia.
  - cbn [fst snd bval]. pose proof (vlast_mono p (pmem p q) (pagent p q) (ISite s) h); lia.
Qed.

(** Site s: the intervals. *)
Lemma site_av_sound a h s :
  sat a h -> forall q iv, In (q, iv) (site_av p a s) -> ivholds p q iv (ISite s :: h).
Proof.
intros Hs q iv Hin. unfold site_av in Hin. apply in_app_or in Hin as [Hin|Hin].
  + apply in_map_iff in Hin as (q' & He & Hq); inversion He; subst.
    apply filter_In in Hq as [_ Hm].
    intros b Hlo Hhi; simpl in Hlo, Hhi. apply Z.leb_le in Hlo.
    cbn [bval]; rewrite vlast_site, Hm. pose proof (cnt_nonneg p (pagent p q) (ISite s :: h)). lia.
  + apply in_map_iff in Hin as ([q' [lo hi]] & He & Hq).
    apply filter_In in Hq as [Hq Hm]; cbn [fst] in Hm. apply negb_true_iff in Hm.
    pose proof (sat_v _ _ _ _ Hs _ _ Hq) as Hv. unfold ivholds in *. cbn [fst snd] in *.
    destruct (isprod p s && Nat.eqb (pagent p q') (sagent p s)) eqn:E; inversion He; subst; clear He.
    * intros b Hlo Hhi; cbn [fst snd] in *. cbn [bval] in *. rewrite vlast_site, Hm, cnt_site.
      assert (E' : isprod p s && Nat.eqb (sagent p s) (pagent p q) = true)
        by (apply andb_true_iff in E as [E1 E2]; apply Nat.eqb_eq in E2; rewrite E1, E2, Nat.eqb_refl; auto).
      rewrite E'. rewrite (Hv (b + 1)); [lia| |lia].
      destruct lo; cbn [option_map lo_le] in *; auto. apply Z.leb_le in Hlo; apply Z.leb_le; lia.
    * intros b Hlo Hhi; cbn [fst snd] in *. cbn [bval] in *. rewrite vlast_site, Hm, cnt_site.
      assert (E' : isprod p s && Nat.eqb (sagent p s) (pagent p q) = false).
      { destruct (isprod p s); cbn [andb] in *; auto. destruct (Nat.eqb (sagent p s) (pagent p q)) eqn:Eq; auto.
        apply Nat.eqb_eq in Eq; rewrite Eq, Nat.eqb_refl in E; discriminate. }
      rewrite E', (Hv b Hlo Hhi); lia.
Qed.

Lemma site_au_sound a h s :
  sat a h -> forall q iv, In (q, iv) (site_av p a s) -> ivupper p q iv (ISite s :: h).
Proof.
  intros Hs q iv Hin. unfold site_av in Hin. apply in_app_or in Hin as [Hin|Hin].
  + apply in_map_iff in Hin as (q' & He & Hq); inversion He; subst.
    apply filter_In in Hq as [_ Hm].
    intros l Hl; cbn [fst] in Hl; injection Hl as <-.
    cbn [bval]; rewrite vlast_site, Hm. pose proof (cnt_nonneg p (pagent p q) (ISite s :: h)). lia.
  + apply in_map_iff in Hin as ([q' [lo hi]] & He & Hq).
    apply filter_In in Hq as [Hq Hm]; cbn [fst] in Hm. apply negb_true_iff in Hm.
    pose proof (sat_u _ _ _ _ Hs _ _ Hq) as Hv. unfold ivupper in *. cbn [fst snd] in *.
    destruct (isprod p s && Nat.eqb (pagent p q') (sagent p s)) eqn:E; inversion He; subst; clear He.
    * intros l Hl; cbn [fst] in Hl. destruct lo as [l0|]; cbn [option_map] in Hl; [|discriminate].
      injection Hl as <-. cbn [bval] in *. rewrite vlast_site, Hm, cnt_site.
      assert (E' : isprod p s && Nat.eqb (sagent p s) (pagent p q) = true)
        by (apply andb_true_iff in E as [E1 E2]; apply Nat.eqb_eq in E2; rewrite E1, E2, Nat.eqb_refl; auto).
      rewrite E'. specialize (Hv l0 eq_refl). lia.
    * intros l Hl; cbn [fst] in Hl. cbn [bval] in *. rewrite vlast_site, Hm, cnt_site.
      assert (E' : isprod p s && Nat.eqb (sagent p s) (pagent p q) = false).
      { destruct (isprod p s); cbn [andb] in *; auto. destruct (Nat.eqb (sagent p s) (pagent p q)) eqn:Eq; auto.
        apply Nat.eqb_eq in Eq; rewrite Eq, Nat.eqb_refl in E; discriminate. }
      rewrite E'. specialize (Hv l Hl). lia.
Qed.

Lemma transfer_site_sound a h s : sat a h -> sat (transfer_site p a s) (ISite s :: h).
Proof.
  intros Hs. assert (Hr : forall r, regv orc r (ISite s :: h) = regv orc r h)
    by (intros; apply regv_nonwrite; discriminate).
  constructor; unfold transfer_site; cbn [ar av an ag ap am].
  - intros r fs f Hin Hr0 Hf. apply in_map_iff in Hin as ([r' fs'] & He & Hin); inversion He; subst.
    apply in_omap in Hf as (f0 & Hf0 & Hex).
    pose proof (sat_r _ _ _ _ Hs _ _ _ Hin Hr0 Hf0) as Hv. unfold vholds in *.
    rewrite Hr, Hv. rewrite (site_exact_val _ _ _ _ Hex); auto.
  - apply site_av_sound; auto.
  - intros F n Hin. apply in_map_iff in Hin as ([F' n'] & He & Hin).
    pose proof (sat_n _ _ _ _ Hs _ _ Hin) as Hn. cbn [fst snd] in He.
    destruct (isprod p s && Nat.eqb F' (sagent p s)) eqn:E; injection He as <- <-;
      rewrite cnt_site.
    + apply andb_true_iff in E as [E1 E2]; apply Nat.eqb_eq in E2. subst F'. rewrite E1, Nat.eqb_refl.
      cbn [andb]; lia.
    + assert (E' : isprod p s && Nat.eqb (sagent p s) F' = false).
      { destruct (isprod p s); cbn [andb] in *; auto. destruct (Nat.eqb (sagent p s) F') eqn:Eq; auto.
        apply Nat.eqb_eq in Eq; rewrite Eq, Nat.eqb_refl in E; discriminate. }
      rewrite E'; lia.
  - intros k fs f Hin Hf. apply in_map_iff in Hin as ([k' fs'] & He & Hin); inversion He; subst.
    apply in_omap in Hf as (f0 & Hf0 & Hex).
    pose proof (sat_g _ _ _ _ Hs _ _ _ Hin Hf0) as Hg. unfold gholds in *.
    rewrite (site_exact_val _ _ _ _ Hex). destruct k; simpl in *; auto.
  - intros k cs Hin. apply in_map_iff in Hin as ([k' cs'] & He & Hin); inversion He; subst; clear He.
    apply filter_In in Hin as [Hin He]; simpl in He. apply negb_true_iff in He.
    destruct k as [e sm]; simpl in *.
    destruct (sat_p _ _ _ _ Hs _ _ Hin) as [H0|(c & Hc & Hcf)]; unfold pcomps; simpl.
    + left. rewrite Nat.eqb_sym, He. auto.
    + right. exists (map (site_upper p s) c); split; [apply in_map; auto|].
      intros f Hf. apply in_map_iff in Hf as (f0 & <- & Hf0).
      specialize (Hcf _ Hf0); unfold pholds in *; simpl in *.
      rewrite Nat.eqb_sym, He. pose proof (site_upper_val s h f0). lia.
  - intros [e sm] Hno; simpl. destruct (Nat.eqb (sengine p s) e) eqn:E; auto.
    apply (sat_p0 _ _ _ _ Hs (e, sm)). intros cs Hin. apply (Hno (map (map (site_upper p s)) cs)).
    apply in_map_iff. exists ((e, sm), cs); split; auto. apply filter_In; split; auto.
    simpl. rewrite Nat.eqb_sym, E; auto.
  - intros q2 q1 d Hin. unfold site_ao in Hin. apply in_app_or in Hin as [Hin|Hin].
    + apply filter_In in Hin as [Ho Hm]. apply andb_true_iff in Hm as [Hm2 Hm1].
      apply negb_true_iff in Hm1; apply negb_true_iff in Hm2; cbn [fst snd] in *.
      pose proof (sat_o _ _ _ _ Hs _ _ _ Ho) as Hv. cbn [bval] in *.
      rewrite !vlast_site, Hm1, Hm2. exact Hv.
    + apply filter_In in Hin as [_ Hc]. apply andb_true_iff in Hc as [_ Hc].
      exact (rel_known_sound p _ _ ((q2, q1), d) (site_av_sound a h s Hs) Hc).
  - apply site_au_sound; auto.
  - intros r fs f Hin Hr0 Hf. apply in_map_iff in Hin as ([r' fs'] & He & Hin); inversion He; subst.
    apply in_omap in Hf as (f0 & Hf0 & Hex).
    pose proof (sat_m _ _ _ _ Hs _ _ _ Hin Hr0 Hf0) as Hv. unfold mholds in *.
    rewrite Hr, Hv. rewrite (site_exact_val _ _ _ _ Hex); auto.
Qed.

Lemma cnt_nonsite F i h : (forall s, i <> ISite s) -> cnt p F (i :: h) = cnt p F h.
Proof. intros H. destruct i; simpl; auto. exfalso; eapply H; reflexivity. Qed.

Lemma guar_wait e sm r k h e' sm' :
  guar orc e' sm' (IWait e sm r k :: h) =
  if keq (e', sm') (e, sm) then Z.max (guar orc e' sm' h) (regv orc r h + k) else guar orc e' sm' h.
Proof. reflexivity. Qed.

Lemma pend_wait e sm r k h e' sm' :
  pend p orc e' sm' (IWait e sm r k :: h) =
  if keq (e', sm') (e, sm) then
    (if regv orc r h + k <=? guar orc e' sm' h then pend p orc e' sm' h
     else Z.max (pend p orc e' sm' h) (regv orc r h + k))
  else pend p orc e' sm' h.
Proof. reflexivity. Qed.

Lemma keq_false a b : a <> b -> keq a b = false.
Proof. intros H. destruct (keq a b) eqn:E; auto. apply keq_eq in E; contradiction. Qed.

(** The facts of a wait's value. *)
Lemma wait_facts_sound a h sm r k f :
  sat a h -> In f (wait_facts p a sm r k) -> mholds p (regv orc r h + k) h f.
Proof.
  intros Hs Hf. unfold wait_facts in Hf. apply filter_In in Hf as [Hf _].
  assert (Hsat0 : forall g, In g (saturate p a (map (shift k) (rf a r))) -> vholds p (regv orc r h + k) h g).
  { eapply saturate_sound; eauto.
    intros g Hg. apply in_map_iff in Hg as (g0 & <- & Hg0).
    pose proof (rf_sound _ _ _ _ _ _ Hs Hg0) as Hv. unfold vholds in *; destruct g0; simpl in *; lia. }
  set (fs0 := saturate p a (map (shift k) (rf a r))) in *.
  assert (Hsat : forall g, In g (fs0 ++ (if k <=? 0
                    then filter (fun f => negb (existsb (fact_eqb f) fs0)) (map (shift k) (mf a r))
                    else [])) -> mholds p (regv orc r h + k) h g).
  { intros g Hg. apply in_app_or in Hg as [Hg|Hg].
    - specialize (Hsat0 _ Hg). unfold vholds, mholds in *. rewrite <- Hsat0. reflexivity.
    - destruct (k <=? 0) eqn:Hk; [|contradiction]. apply Z.leb_le in Hk.
      apply filter_In in Hg as [Hg _]. apply in_map_iff in Hg as (g0 & <- & Hg0).
      pose proof (mf_sound _ _ _ _ _ _ Hs Hg0) as Hm. unfold mholds in *; destruct g0; cbn [fst snd shift] in *.
      lia. }
  apply in_app_or in Hf as [Hf|Hf]; cycle 1.
  - exact (Hsat _ Hf).
  - apply in_flat_map in Hf as ([b j] & Hin & Hf). specialize (Hsat _ Hin).
    destruct b as [| |q1]; cbn [derive_rel] in Hf; try contradiction.
    apply in_map_iff in Hf as ([[q2 q1'] d] & <- & Ho).
    apply filter_In in Ho as [Ho Hc]; cbn [fst snd] in Hc.
    apply andb_true_iff in Hc as [Hq Hd]. apply Nat.eqb_eq in Hq; apply Z.eqb_eq in Hd; subst q1' d.
    pose proof (sat_o _ _ _ _ Hs _ _ _ Ho) as Hv.
    pose proof (bv_nonneg p q2 h).
    unfold mholds in *; cbn [fst snd] in *. lia.
Qed.

(** The lower bounds a wait adds: each is at most the value waited for. *)
Lemma wait_lower_sound a h v vf :
  sat a h -> (forall f, In f vf -> mholds p v h f) ->
  forall f, In f (vf ++ flat_map (derive_ge p a) vf) -> bval p (fst f) h + snd f <= Z.max 0 v.
Proof.
  intros Hs Hvf f Hf. apply in_app_or in Hf as [Hf|Hf].
  - specialize (Hvf _ Hf); unfold mholds in Hvf. lia.
  - apply in_flat_map in Hf as ([b j] & Hin & Hf).
    specialize (Hvf _ Hin); unfold mholds in Hvf; cbn [fst snd] in Hvf.
    destruct b as [|F|q1]; simpl in Hf; try contradiction; cycle 1.
    { apply in_map_iff in Hf as ([[q2 q1'] d] & <- & Ho).
      apply filter_In in Ho as [Ho Hc]; cbn [fst snd] in Hc.
      apply andb_true_iff in Hc as [Hq Hd].
      apply Nat.eqb_eq in Hq; apply Z.leb_le in Hd; subst q1'.
      pose proof (sat_o _ _ _ _ Hs _ _ _ Ho) as Hv.
      cbn [fst snd] in *. lia. }
    apply in_map_iff in Hf as (q & <- & Hq).
    apply filter_In in Hq as [_ Hc].
    apply andb_true_iff in Hc as [HF Hc]. apply Nat.eqb_eq in HF.
    cbn [fst snd]. pose proof (bv_le_cnt p q h) as HVc. rewrite HF in HVc.
    simpl in Hvf.
    apply orb_true_iff in Hc as [Hj|Hc]; [apply Z.leb_le in Hj; lia|].
    destruct (lookn (av a) q) as [[lo hi]|] eqn:L; [|discriminate].
    pose proof (sat_v _ _ _ _ Hs _ _ (lookn_in _ _ _ L)) as Hiv.
    destruct lo as [l|].
    + simpl in Hc. apply Z.leb_le in Hc.
      pose proof (sat_u _ _ _ _ Hs _ _ (lookn_in _ _ _ L) l eq_refl) as Hv.
      cbn [fst snd bval] in *. rewrite HF in *. lia.
    + rewrite (iv_none_zero p q hi h Hiv). lia.
Qed.

Lemma implied_sound a h key v vf :
  sat a h -> (forall f, In f vf -> mholds p v h f) ->
  implied (gf a key) vf = true -> v <= guar orc (fst key) (snd key) h.
Proof.
  intros Hs Hvf Hi. apply existsb_exists in Hi as ([b kf] & Hin & Hc).
  specialize (Hvf _ Hin); unfold mholds in Hvf; cbn [fst snd] in *.
  pose proof (guar_nonneg orc (fst key) (snd key) h).
  destruct b.
  - apply Z.leb_le in Hc. simpl in Hvf. lia.
  - destruct (find_base (BN F) (gf a key)) as [g|] eqn:Hg; [|discriminate].
    apply Z.leb_le in Hc. apply find_base_some in Hg as [Hg Hb].
    pose proof (gf_sound _ _ _ _ _ _ Hs Hg) as Hgh; unfold gholds in Hgh; rewrite Hb in Hgh.
    destruct g; simpl in *; lia.
  - destruct (find_base (BV q) (gf a key)) as [g|] eqn:Hg; [|discriminate].
    apply Z.leb_le in Hc. apply find_base_some in Hg as [Hg Hb].
    pose proof (gf_sound _ _ _ _ _ _ Hs Hg) as Hgh; unfold gholds in Hgh; rewrite Hb in Hgh.
    destruct g; simpl in *; lia.
Qed.

Lemma transfer_wait_sound a h e sm r k :
  sat a h -> sat (transfer p a (IWait e sm r k)) (IWait e sm r k :: h).
Proof.
  intros Hs.
  set (v := regv orc r h + k).
  set (vf := wait_facts p a sm r k).
  assert (Hvf : forall f, In f vf -> mholds p v h f) by (intros; eapply wait_facts_sound; eauto).
  assert (Hr : forall x, regv orc x (IWait e sm r k :: h) = regv orc x h)
    by (intros; apply regv_nonwrite; discriminate).
  assert (Hb : forall b, bval p b (IWait e sm r k :: h) = bval p b h)
    by (intros; apply bval_nonsite; discriminate).
  assert (Hc : forall F, cnt p F (IWait e sm r k :: h) = cnt p F h)
    by (intros; apply cnt_nonsite; discriminate).
  unfold transfer; fold vf. constructor; cbn [ar av an ag ap am].
  - intros x fs f Hin Hx Hf. unfold vholds; rewrite Hr, Hb. eapply sat_r; eauto.
  - intros q iv Hin b Hlo Hhi. rewrite Hb, Hc. eapply sat_v; eauto.
  - intros F n Hin. rewrite Hc. eapply sat_n; eauto.
  - intros [e' sm'] fs f Hin Hf. apply in_setp in Hin as [[He Hfs]|[Hne Hin]].
    + injection He as -> ->. subst fs. unfold gholds; cbn [fst snd]. rewrite guar_wait, keq_refl, Hb.
      pose proof (guar_nonneg orc e sm h).
      pose proof (wait_lower_sound _ _ _ _ Hs Hvf) as Hlow.
      unfold gmerge in Hf. apply in_app_or in Hf as [Hf|Hf].
      * apply in_map_iff in Hf as (g0 & Hg0e & Hg0).
        pose proof (gf_sound _ _ _ _ _ _ Hs Hg0) as Hg. unfold gholds in Hg; cbn [fst snd] in Hg.
        destruct (find_base (fst g0) (dedup (vf ++ flat_map (derive_ge p a) vf))) as [g|] eqn:Hfb;
          subst f; cbn [fst snd].
        -- apply find_base_some in Hfb as [Hgin Hgb]. apply dedup_incl in Hgin. specialize (Hlow _ Hgin).
           rewrite Hgb in Hlow. fold v. lia.
        -- lia.
      * apply filter_In in Hf as [Hf _]. apply dedup_incl in Hf. specialize (Hlow _ Hf). fold v. lia.
    + unfold gholds; cbn [fst snd]. rewrite guar_wait, keq_false, Hb by auto.
      exact (sat_g _ _ _ _ Hs _ _ _ Hin Hf).
  - assert (Hkeep : forall key cs, key <> (e, sm) -> In (key, cs) (ap a) -> pcomps p orc key (IWait e sm r k :: h) cs).
    { intros [e' sm'] cs Hne Hin. unfold pcomps; cbn [fst snd]. rewrite pend_wait, keq_false by auto.
      destruct (sat_p _ _ _ _ Hs _ _ Hin) as [H0|(c & Hc1 & Hc2)]; [left; auto|right; exists c; split; auto].
      intros f Hf. specialize (Hc2 _ Hf). unfold pholds in *; cbn [fst snd] in *.
      rewrite pend_wait, keq_false, Hb by auto. auto. }
    destruct (implied (gf a (e, sm)) vf) eqn:Hi.
    + pose proof (implied_sound _ _ _ _ _ Hs Hvf Hi) as Hle; cbn [fst snd] in Hle.
      intros [e' sm'] cs Hin. destruct (keq (e', sm') (e, sm)) eqn:Ek.
      * apply keq_eq in Ek; injection Ek as -> ->.
        destruct (sat_p _ _ _ _ Hs _ _ Hin) as [H0|(c & Hc1 & Hc2)]; unfold pcomps; cbn [fst snd] in *;
          rewrite pend_wait, keq_refl; fold v; destruct (v <=? guar orc e sm h) eqn:E;
          try (apply Z.leb_nle in E; lia).
        -- left; auto.
        -- right; exists c; split; auto. intros f Hf; specialize (Hc2 _ Hf); unfold pholds in *;
             cbn [fst snd] in *. rewrite pend_wait, keq_refl, Hb; fold v; rewrite E; auto.
      * apply Hkeep; auto. intros He; rewrite He, keq_refl in Ek; discriminate.
    + intros [e' sm'] cs Hin. apply in_setp in Hin as [[He Hcs]|[Hne Hin]]; [|apply Hkeep; auto].
      injection He as -> ->. subst cs. unfold pcomps; cbn [fst snd].
      rewrite pend_wait, keq_refl. fold v.
      destruct (lookp (ap a) (e, sm)) as [old|] eqn:L.
      * pose proof (sat_p _ _ _ _ Hs _ _ (lookp_in _ _ _ L)) as Hold. unfold pcomps in Hold; cbn [fst snd] in Hold.
        assert (Hvin : exists c, In c (if existsb (list_fact_eqb vf) old then old else vf :: old) /\
                          forall f, In f c -> In f vf).
        { destruct (existsb (list_fact_eqb vf) old) eqn:Ex.
          - apply existsb_exists in Ex as (c & Hc1 & Hc2). apply list_fact_eqb_eq in Hc2; subst c.
            exists vf; split; auto.
          - exists vf; split; [left|]; auto. }
        assert (Hsub : forall c, In c old -> In c (if existsb (list_fact_eqb vf) old then old else vf :: old))
          by (intros c Hc0; destruct (existsb (list_fact_eqb vf) old); [|right]; auto).
        destruct (v <=? guar orc e sm h) eqn:E.
        -- destruct Hold as [H0|(c & Hc1 & Hc2)]; [left; auto|right; exists c; split; [apply Hsub; auto|]].
           intros f Hf; specialize (Hc2 _ Hf); unfold pholds in *; cbn [fst snd] in *.
           rewrite pend_wait, keq_refl, Hb; fold v; rewrite E; auto.
        -- right. destruct (Z.le_gt_cases v (pend p orc e sm h)) as [Hle|Hgt].
           ++ destruct Hold as [H0|(c & Hc1 & Hc2)].
              ** apply Z.leb_nle in E. pose proof (guar_nonneg orc e sm h). lia.
              ** exists c; split; [apply Hsub; auto|]. intros f Hf; specialize (Hc2 _ Hf); unfold pholds in *;
                   cbn [fst snd] in *. rewrite pend_wait, keq_refl, Hb; fold v; rewrite E. lia.
           ++ destruct Hvin as (c & Hc1 & Hc2). exists c; split; auto.
              intros f Hf; specialize (Hvf _ (Hc2 _ Hf)); unfold pholds, mholds in *;
                cbn [fst snd] in *. rewrite pend_wait, keq_refl, Hb; fold v; rewrite E. lia.
      * pose proof (sat_p0 _ _ _ _ Hs (e, sm) (lookp_none _ _ L)) as H0; cbn [fst snd] in H0.
        destruct (v <=? guar orc e sm h) eqn:E; [left; auto|].
        right; exists vf; split; [left; auto|].
        intros f Hf; specialize (Hvf _ Hf); unfold pholds, mholds in *; cbn [fst snd] in *.
        rewrite pend_wait, keq_refl, Hb; fold v; rewrite E. lia.
  - intros [e' sm'] Hno. cbn [fst snd]. rewrite pend_wait.
    destruct (keq (e', sm') (e, sm)) eqn:Ek.
    + apply keq_eq in Ek; injection Ek as -> ->.
      destruct (implied (gf a (e, sm)) vf) eqn:Hi.
      * pose proof (implied_sound _ _ _ _ _ Hs Hvf Hi) as Hle; cbn [fst snd] in Hle. fold v.
        apply Z.leb_le in Hle; rewrite Hle.
        exact (sat_p0 _ _ _ _ Hs (e, sm) Hno).
      * exfalso; eapply Hno; left; eauto.
    + apply (sat_p0 _ _ _ _ Hs (e', sm')). intros cs Hin. eapply Hno.
      destruct (implied (gf a (e, sm)) vf); eauto.
      apply in_setp_other; eauto. intros He; rewrite He, keq_refl in Ek; discriminate.
  - intros q2 q1 d Hin. rewrite !Hb. exact (sat_o _ _ _ _ Hs _ _ _ Hin).
  - intros q iv Hin l Hl. rewrite Hb, Hc. exact (sat_u _ _ _ _ Hs _ _ Hin l Hl).
  - intros x fs f Hin Hx Hf. unfold mholds; rewrite Hr, Hb. eapply sat_m; eauto.
Qed.

(** Facts of max(0, v) that its exact facts give. *)
Lemma derive_clamp_sound a h v f g :
  sat a h -> vholds p v h f -> In g (derive_clamp p a f) -> mholds p v h g.
Proof.
  intros Hs Hv Hg. destruct f as [[|F|q] j]; cbn [derive_clamp] in Hg; try contradiction.
  apply in_map_iff in Hg as ([q [lo hi]] & <- & Hq).
  apply filter_In in Hq as [Hq Hc]; cbn [fst snd] in Hc.
  apply andb_true_iff in Hc as [HF Hins]. apply Nat.eqb_eq in HF.
  unfold inside in Hins; apply andb_true_iff in Hins as [Hlo Hhi]; apply Z.leb_le in Hhi.
  pose proof (sat_v _ _ _ _ Hs _ _ Hq j Hlo Hhi) as Hq0. cbn [bval] in Hq0.
  pose proof (bv_nonneg p q h) as H0. cbn [bval] in H0.
  unfold vholds, mholds in *; cbn [fst snd bval] in *. subst F. lia.
Qed.

(** Writes of registers: only the written register's facts change. *)
Lemma transfer_write_sound a h i r fs :
  sat a h -> r <> 0%nat -> (forall s, i <> ISite s) -> (forall e sm x k, i <> IWait e sm x k) ->
  (forall x, x <> r -> regv orc x (i :: h) = regv orc x h) ->
  (forall f, In f fs -> vholds p (regv orc r (i :: h)) h f) ->
  sat (write p a r fs) (i :: h).
Proof.
  intros Hs Hr0 Hns Hnw Hoth Hfs.
  assert (Hb : forall b, bval p b (i :: h) = bval p b h) by (intros; apply bval_nonsite; auto).
  assert (Hc : forall F, cnt p F (i :: h) = cnt p F h) by (intros; apply cnt_nonsite; auto).
  assert (Hg : forall e sm, guar orc e sm (i :: h) = guar orc e sm h)
    by (intros; destruct i; auto; exfalso; eapply Hnw; reflexivity).
  assert (Hp : forall e sm, pend p orc e sm (i :: h) = pend p orc e sm h)
    by (intros; destruct i; auto; exfalso; [eapply Hns|eapply Hnw]; reflexivity).
  assert (Hsat : forall f, In f (saturate p a fs) -> vholds p (regv orc r (i :: h)) h f)
    by (eapply saturate_sound; eauto).
  unfold write; cbv zeta. constructor; cbn [ar av an ag ap am].
  - intros x fs' f Hin Hx Hf. apply in_setn in Hin as [[-> ->]|[Hne Hin]].
    + pose proof (Hsat _ Hf) as Hv. unfold vholds in *; rewrite Hb. exact Hv.
    + unfold vholds; rewrite Hb, Hoth by auto. eapply sat_r; eauto.
  - intros q iv Hin b Hlo Hhi. rewrite Hb, Hc. eapply sat_v; eauto.
  - intros F n Hin. rewrite Hc. eapply sat_n; eauto.
  - intros k fs' f Hin Hf. unfold gholds; rewrite Hb, Hg. exact (sat_g _ _ _ _ Hs _ _ _ Hin Hf).
  - intros k cs Hin. destruct (sat_p _ _ _ _ Hs _ _ Hin) as [H0|(c & Hc1 & Hc2)];
      unfold pcomps; rewrite Hp; [left; auto|right; exists c; split; auto].
    intros f Hf; specialize (Hc2 _ Hf); unfold pholds in *; rewrite Hp, Hb; auto.
  - intros k Hno. rewrite Hp. apply (sat_p0 _ _ _ _ Hs k Hno).
  - intros q2 q1 d Hin. rewrite !Hb. exact (sat_o _ _ _ _ Hs _ _ _ Hin).
  - intros q iv Hin l Hl. rewrite Hb, Hc. exact (sat_u _ _ _ _ Hs _ _ Hin l Hl).
  - intros x fs' f Hin Hx Hf. apply in_setn in Hin as [[-> ->]|[Hne Hin]].
    + unfold mholds; rewrite Hb. apply in_app_or in Hf as [Hf|Hf]; apply filter_In in Hf as [Hf _].
      * specialize (Hsat _ Hf). unfold vholds in Hsat. rewrite Hsat. reflexivity.
      * apply in_flat_map in Hf as (g & Hg0 & Hf).
        pose proof (derive_clamp_sound _ _ _ _ _ Hs (Hsat _ Hg0) Hf) as Hm. exact Hm.
    + unfold mholds; rewrite Hb, Hoth by auto. eapply sat_m; eauto.
Qed.

Lemma transfer_sound a h i : sat a h -> sat (transfer p a i) (i :: h).
Proof.
  intros Hs. destruct i.
  - apply transfer_site_sound; auto.
  - apply transfer_wait_sound; auto.
  - (* li r, k *)
    cbn [transfer]. destruct (Nat.eqb r 0) eqn:E.
    + apply Nat.eqb_eq in E; subst.
      assert (Hsame : forall x, regv orc x (ISet 0 k :: h) = regv orc x h).
      { intros x. rewrite regv_cons. destruct (Nat.eqb x 0) eqn:Ex; [apply Nat.eqb_eq in Ex; subst; rewrite regv_zero; auto|].
        destruct (Nat.eqb 0 x) eqn:E0; auto. apply Nat.eqb_eq in E0; subst; rewrite Nat.eqb_refl in Ex; discriminate. }
      pose proof (transfer_write_sound a h (ISet 0 k) 1%nat [] Hs) as _.
      constructor.
      * intros x fs f Hin Hx Hf. unfold vholds; rewrite Hsame, bval_nonsite by discriminate. exact (sat_r _ _ _ _ Hs _ _ _ Hin Hx Hf).
      * intros q iv Hin b Hlo Hhi. rewrite bval_nonsite, cnt_nonsite by discriminate. exact (sat_v _ _ _ _ Hs _ _ Hin b Hlo Hhi).
      * intros F n Hin. rewrite cnt_nonsite by discriminate. exact (sat_n _ _ _ _ Hs _ _ Hin).
      * intros kk fs f Hin Hf. unfold gholds; rewrite bval_nonsite by discriminate. exact (sat_g _ _ _ _ Hs _ _ _ Hin Hf).
      * intros kk cs Hin. exact (sat_p _ _ _ _ Hs _ _ Hin).
      * intros kk Hno. exact (sat_p0 _ _ _ _ Hs kk Hno).
      * intros q2 q1 d Hin. rewrite !bval_nonsite by discriminate. exact (sat_o _ _ _ _ Hs _ _ _ Hin).
      * intros q iv Hin l Hl. rewrite bval_nonsite, cnt_nonsite by discriminate. exact (sat_u _ _ _ _ Hs _ _ Hin l Hl).
      * intros x fs f Hin Hx Hf. unfold mholds; rewrite Hsame, bval_nonsite by discriminate. exact (sat_m _ _ _ _ Hs _ _ _ Hin Hx Hf).
    + apply Nat.eqb_neq in E. apply transfer_write_sound; auto; try discriminate.
      * intros x Hx. rewrite regv_cons.
        destruct (Nat.eqb x 0) eqn:Ex; [apply Nat.eqb_eq in Ex; subst; rewrite regv_zero; auto|].
        destruct (Nat.eqb r x) eqn:Er; auto. apply Nat.eqb_eq in Er; congruence.
      * intros f [<-|[]]. unfold vholds; cbn [fst snd bval]. rewrite regv_cons.
        apply Nat.eqb_neq in E. rewrite E, Nat.eqb_refl. lia.
  - (* addi r, src, k *)
    cbn [transfer]. destruct (Nat.eqb r 0) eqn:E.
    + apply Nat.eqb_eq in E; subst.
      assert (Hsame : forall x, regv orc x (IAdd 0 src k :: h) = regv orc x h).
      { intros x. rewrite regv_cons. destruct (Nat.eqb x 0) eqn:Ex; [apply Nat.eqb_eq in Ex; subst; rewrite regv_zero; auto|].
        destruct (Nat.eqb 0 x) eqn:E0; auto. apply Nat.eqb_eq in E0; subst; rewrite Nat.eqb_refl in Ex; discriminate. }
      constructor.
      * intros x fs f Hin Hx Hf. unfold vholds; rewrite Hsame, bval_nonsite by discriminate. exact (sat_r _ _ _ _ Hs _ _ _ Hin Hx Hf).
      * intros q iv Hin b Hlo Hhi. rewrite bval_nonsite, cnt_nonsite by discriminate. exact (sat_v _ _ _ _ Hs _ _ Hin b Hlo Hhi).
      * intros F n Hin. rewrite cnt_nonsite by discriminate. exact (sat_n _ _ _ _ Hs _ _ Hin).
      * intros kk fs f Hin Hf. unfold gholds; rewrite bval_nonsite by discriminate. exact (sat_g _ _ _ _ Hs _ _ _ Hin Hf).
      * intros kk cs Hin. exact (sat_p _ _ _ _ Hs _ _ Hin).
      * intros kk Hno. exact (sat_p0 _ _ _ _ Hs kk Hno).
      * intros q2 q1 d Hin. rewrite !bval_nonsite by discriminate. exact (sat_o _ _ _ _ Hs _ _ _ Hin).
      * intros q iv Hin l Hl. rewrite bval_nonsite, cnt_nonsite by discriminate. exact (sat_u _ _ _ _ Hs _ _ Hin l Hl).
      * intros x fs f Hin Hx Hf. unfold mholds; rewrite Hsame, bval_nonsite by discriminate. exact (sat_m _ _ _ _ Hs _ _ _ Hin Hx Hf).
    + apply Nat.eqb_neq in E. apply transfer_write_sound; auto; try discriminate.
      * intros x Hx. rewrite regv_cons.
        destruct (Nat.eqb x 0) eqn:Ex; [apply Nat.eqb_eq in Ex; subst; rewrite regv_zero; auto|].
        destruct (Nat.eqb r x) eqn:Er; auto. apply Nat.eqb_eq in Er; congruence.
      * intros f Hf. apply in_map_iff in Hf as (g & <- & Hg).
        pose proof (rf_sound _ _ _ _ _ _ Hs Hg) as Hv. unfold vholds in *; destruct g; cbn [fst snd shift] in *.
        rewrite regv_cons. apply Nat.eqb_neq in E. rewrite E, Nat.eqb_refl. lia.
  - (* any other write *)
    cbn [transfer].
    assert (Hoth : forall x, x <> r -> regv orc x (IDef r :: h) = regv orc x h).
    { intros x Hx. rewrite regv_cons. destruct (Nat.eqb x 0) eqn:Ex; [apply Nat.eqb_eq in Ex; subst; rewrite regv_zero; auto|].
      destruct (Nat.eqb r x) eqn:Er; auto. apply Nat.eqb_eq in Er; congruence. }
    constructor; cbn [ar av an ag ap am].
    + intros x fs f Hin Hx Hf. apply filter_In in Hin as [Hin Hne]; cbn [fst] in Hne.
      apply negb_true_iff, Nat.eqb_neq in Hne.
      unfold vholds; rewrite Hoth, bval_nonsite by (auto; discriminate). exact (sat_r _ _ _ _ Hs _ _ _ Hin Hx Hf).
    + intros q iv Hin b Hlo Hhi. rewrite bval_nonsite, cnt_nonsite by discriminate. exact (sat_v _ _ _ _ Hs _ _ Hin b Hlo Hhi).
    + intros F n Hin. rewrite cnt_nonsite by discriminate. exact (sat_n _ _ _ _ Hs _ _ Hin).
    + intros kk fs f Hin Hf. unfold gholds; rewrite bval_nonsite by discriminate. exact (sat_g _ _ _ _ Hs _ _ _ Hin Hf).
    + intros kk cs Hin. exact (sat_p _ _ _ _ Hs _ _ Hin).
    + intros kk Hno. exact (sat_p0 _ _ _ _ Hs kk Hno).
    + intros q2 q1 d Hin. rewrite !bval_nonsite by discriminate. exact (sat_o _ _ _ _ Hs _ _ _ Hin).
    + intros q iv Hin l Hl. rewrite bval_nonsite, cnt_nonsite by discriminate. exact (sat_u _ _ _ _ Hs _ _ Hin l Hl).
    + intros x fs f Hin Hx Hf. apply filter_In in Hin as [Hin Hne]; cbn [fst] in Hne.
      apply negb_true_iff, Nat.eqb_neq in Hne.
      unfold mholds; rewrite Hoth, bval_nonsite by (auto; discriminate). exact (sat_m _ _ _ _ Hs _ _ _ Hin Hx Hf).
  - (* unsupported: no effect on anything the facts speak of *)
    cbn [transfer]. constructor.
    + intros x fs f Hin Hx Hf. unfold vholds; rewrite regv_nonwrite, bval_nonsite by discriminate. exact (sat_r _ _ _ _ Hs _ _ _ Hin Hx Hf).
    + intros q iv Hin b Hlo Hhi. rewrite bval_nonsite, cnt_nonsite by discriminate. exact (sat_v _ _ _ _ Hs _ _ Hin b Hlo Hhi).
    + intros F n Hin. rewrite cnt_nonsite by discriminate. exact (sat_n _ _ _ _ Hs _ _ Hin).
    + intros kk fs f Hin Hf. unfold gholds; rewrite bval_nonsite by discriminate. exact (sat_g _ _ _ _ Hs _ _ _ Hin Hf).
    + intros kk cs Hin. exact (sat_p _ _ _ _ Hs _ _ Hin).
    + intros kk Hno. exact (sat_p0 _ _ _ _ Hs kk Hno).
    + intros q2 q1 d Hin. rewrite !bval_nonsite by discriminate. exact (sat_o _ _ _ _ Hs _ _ _ Hin).
    + intros q iv Hin l Hl. rewrite bval_nonsite, cnt_nonsite by discriminate. exact (sat_u _ _ _ _ Hs _ _ Hin l Hl).
    + intros x fs f Hin Hx Hf. unfold mholds; rewrite regv_nonwrite, bval_nonsite by discriminate. exact (sat_m _ _ _ _ Hs _ _ _ Hin Hx Hf).
Qed.

End Transfer.

(** ** Joins and the entry *)

Section Join.
Variable p : prog.
Variable orc : nat -> nat -> Z.

Notation sat := (sat p orc).

Lemma gtriv_sound a h k f : sat a h -> gtriv a f = true -> gholds p orc k h f.
Proof.
  intros Hs Ht. unfold gholds. pose proof (guar_nonneg orc (fst k) (snd k) h).
  destruct f as [[|F|q] kf]; cbn [gtriv fst snd bval] in *.
  - apply Z.leb_le in Ht; lia.
  - destruct (lookn (an a) F) eqn:L; [|discriminate]. apply Z.leb_le in Ht.
    rewrite (sat_n _ _ _ _ Hs _ _ (lookn_in _ _ _ L)). lia.
  - apply andb_true_iff in Ht as [Hk Ht]. apply Z.leb_le in Hk.
    destruct (lookn (av a) q) as [[[lo|] hi]|] eqn:L; try discriminate.
    pose proof (iv_none_zero p q hi h (sat_v _ _ _ _ Hs _ _ (lookn_in _ _ _ L))) as H0.
    cbn [bval] in H0. lia.
Qed.

(** V_q = 0 where [zero_at] says so. *)
Lemma zero_at_sound a h q : sat a h -> zero_at a q = true -> bval p (BV q) h = 0.
Proof.
  intros Hs Hz. unfold zero_at in Hz. apply orb_true_iff in Hz as [Hz|Hz].
  - destruct (lookn (av a) q) as [[[lo|] hi]|] eqn:L; try discriminate.
    exact (iv_none_zero p q hi h (sat_v _ _ _ _ Hs _ _ (lookn_in _ _ _ L))).
  - unfold known_zero in Hz. apply existsb_exists in Hz as ([[q2 q1] d] & Ho & Hc).
    cbn [fst snd] in Hc. apply andb_true_iff in Hc as [Hc Hd].
    apply andb_true_iff in Hc as [H2 H1]. apply Nat.eqb_eq in H2, H1. subst q2 q1.
    apply Z.ltb_lt in Hd. pose proof (sat_o _ _ _ _ Hs _ _ _ Ho) as Hq.
    pose proof (bv_nonneg p q h). lia.
Qed.

(** A weakened bound holds where its state does... *)
Lemma gweak_sound a h k f f' : sat a h -> gweak a f = Some f' -> gholds p orc k h f'.
Proof.
  intros Hs Hw. destruct f as [[|F|q] kf]; cbn [gweak] in Hw.
  - destruct (gtriv a (BZ, kf)) eqn:Ht; [injection Hw as <-|discriminate].
    exact (gtriv_sound _ _ _ _ Hs Ht).
  - destruct (gtriv a (BN F, kf)) eqn:Ht; [injection Hw as <-|discriminate].
    exact (gtriv_sound _ _ _ _ Hs Ht).
  - destruct (zero_at a q) eqn:Hz; [injection Hw as <-|discriminate].
    pose proof (zero_at_sound _ _ _ Hs Hz) as H0. pose proof (guar_nonneg orc (fst k) (snd k) h).
    unfold gholds; cbn [fst snd]. rewrite H0. lia.
Qed.

(** ... and is implied by the bound it weakens. *)
Lemma gweak_le a f f' : gweak a f = Some f' -> fst f' = fst f /\ snd f' <= snd f.
Proof.
  intros Hw. destruct f as [[|F|q] kf]; cbn [gweak] in Hw.
  - destruct (gtriv a (BZ, kf)); [injection Hw as <-|discriminate]; split; cbn [fst snd]; [auto|lia].
  - destruct (gtriv a (BN F, kf)); [injection Hw as <-|discriminate]; split; cbn [fst snd]; [auto|lia].
  - destruct (zero_at a q); [injection Hw as <-|discriminate]; split; cbn [fst snd]; [auto|lia].
Qed.

Lemma comps_union_sub pre post c : In c pre -> In c (comps_union pre post).
Proof. unfold comps_union. destruct (existsb _ pre); auto. intros; apply in_or_app; auto. Qed.

Lemma comps_union_post pre post c :
  In c post -> In c (comps_union pre post) \/ In [] (comps_union pre post).
Proof.
  unfold comps_union. destruct (existsb (fun c0 => match c0 with [] => true | _ => false end) pre) eqn:E.
  - right. apply existsb_exists in E as ([|f c0] & Hc & Hm); [auto|discriminate].
  - intros Hc. left. destruct (existsb (list_fact_eqb c) pre) eqn:Ex.
    + apply existsb_exists in Ex as (c' & Hc' & Heq). apply list_fact_eqb_eq in Heq; subst.
      apply in_or_app; auto.
    + apply in_or_app; right; apply filter_In; split; auto. rewrite Ex; auto.
Qed.

Lemma iv_norm_holds q lo hi h : ivholds p q (lo, hi) h -> ivholds p q (iv_norm (lo, hi)) h.
Proof.
  unfold iv_norm; cbn [fst snd]. destruct lo as [l|]; auto. destruct (hi <? l) eqn:E; auto.
  intros _ b Hlo Hhi; cbn [fst snd lo_le] in *. apply Z.leb_le in Hlo. lia.
Qed.

Lemma iv_norm_fst iv : fst (iv_norm iv) = fst iv.
Proof. destruct iv as [[l|] hi]; unfold iv_norm; cbn [fst snd]; auto. destruct (hi <? l); auto. Qed.

(** The joined interval's lower end is at least the one of the side that
    holds: it still bounds V_q from above. *)
Lemma join_upper q lo lo' hi h :
  ivholds p q (lo, hi) h -> ivupper p q (lo, hi) h -> ivupper p q (omax lo lo', 0) h.
Proof.
  intros Hv Hu l Hl. cbn [fst] in Hl. destruct lo as [l0|].
  - specialize (Hu l0 eq_refl). destruct lo' as [l1|]; cbn [omax] in Hl; injection Hl as <-; lia.
  - rewrite (iv_none_zero p q hi h Hv). lia.
Qed.

Lemma join_sound_pre post pre h : sat pre h -> sat (join post pre) h.
Proof.
  intros Hs. constructor; unfold join; cbn [ar av an ag ap am].
  - intros r fs f Hin Hr Hf. apply in_map_iff in Hin as ([r' fs'] & He & Hin); injection He as <- <-.
    apply filter_In in Hf as [Hf _]. exact (sat_r _ _ _ _ Hs _ _ _ Hin Hr Hf).
  - intros q iv Hin. apply in_omap in Hin as ([q' [lo hi]] & Hin & He); cbn [fst snd] in He.
    destruct (lookn (av post) q') as [[lo' hi']|]; [|discriminate]. injection He as <- <-.
    apply iv_norm_holds.
    intros b Hlo Hhi; cbn [fst snd] in *. apply (sat_v _ _ _ _ Hs _ _ Hin); cbn [fst snd].
    + destruct lo, lo'; cbn [omax lo_le] in *; auto; apply Z.leb_le in Hlo; apply Z.leb_le; lia.
    + lia.
  - intros F n Hin. apply filter_In in Hin as [Hin _]. exact (sat_n _ _ _ _ Hs _ _ Hin).
  - intros k fs f Hin Hf. apply in_app_or in Hin as [Hin|Hin].
    + apply in_map_iff in Hin as ([k' fs'] & He & Hin); injection He as <- <-.
      apply in_omap in Hf as (f0 & Hf0 & He). pose proof (sat_g _ _ _ _ Hs _ _ _ Hin Hf0) as Hg.
      unfold gholds in *. cbn [fst snd] in He.
      destruct (find_base (fst f0) (gf post k')) as [g|]; [injection He as <-; cbn [fst snd]; lia|].
      destruct (gweak post f0) as [f1|] eqn:Hw; [injection He as <-|discriminate].
      destruct (gweak_le _ _ _ Hw) as [Hb Hk]. rewrite Hb. lia.
    + apply in_omap in Hin as ([k' fs'] & Hin & He); cbn [fst snd] in He.
      destruct (lookp (ag pre) k'); [discriminate|].
      destruct (omap (gweak pre) fs') as [|f1 l] eqn:Ef; [discriminate|].
      injection He as <- <-. rewrite <- Ef in Hf. apply in_omap in Hf as (f0 & _ & Hw).
      exact (gweak_sound _ _ _ _ _ Hs Hw).
  - intros k cs Hin. apply in_app_or in Hin as [Hin|Hin].
    + apply in_map_iff in Hin as ([k' cs'] & He & Hin); injection He as <- <-.
      destruct (sat_p _ _ _ _ Hs _ _ Hin) as [H0|(c & Hc & Hf)]; [left; auto|].
      right. cbn [fst snd]. destruct (lookp (ap post) k'); eauto.
      exists c; split; auto. apply comps_union_sub; auto.
    + apply filter_In in Hin as [_ Hn]; cbn [fst] in Hn.
      destruct (lookp (ap pre) k) eqn:L; [discriminate|]. left.
      exact (sat_p0 _ _ _ _ Hs k (lookp_none _ _ L)).
  - intros k Hno. apply (sat_p0 _ _ _ _ Hs k). intros cs Hin. eapply Hno.
    apply in_or_app; left. apply in_map_iff. exists (k, cs); split; eauto.
  - intros q2 q1 d Hin. apply filter_In in Hin as [Hin _]. exact (sat_o _ _ _ _ Hs _ _ _ Hin).
  - intros q iv Hin. apply in_omap in Hin as ([q' [lo hi]] & Hin & He); cbn [fst snd] in He.
    destruct (lookn (av post) q') as [[lo' hi']|]; [|discriminate]. injection He as <- <-.
    intros l Hl. rewrite iv_norm_fst in Hl.
    apply (join_upper q' lo lo' hi h (sat_v _ _ _ _ Hs _ _ Hin) (sat_u _ _ _ _ Hs _ _ Hin) l Hl).
  - intros r fs f Hin Hr Hf. apply in_map_iff in Hin as ([r' fs'] & He & Hin); injection He as <- <-.
    apply filter_In in Hf as [Hf _]. exact (sat_m _ _ _ _ Hs _ _ _ Hin Hr Hf).
Qed.

Lemma join_sound_post post pre h : sat post h -> sat (join post pre) h.
Proof.
  intros Hs. constructor; unfold join; cbn [ar av an ag ap am].
  - intros r fs f Hin Hr Hf. apply in_map_iff in Hin as ([r' fs'] & He & Hin); injection He as -> <-.
    apply filter_In in Hf as [_ Hf]. apply existsb_exists in Hf as (g & Hg & Heq).
    apply fact_eqb_eq in Heq; subst g. cbn [fst] in Hg.
    unfold facts_of in Hg. destruct (lookn (ar post) r) eqn:L; [|contradiction].
    exact (sat_r _ _ _ _ Hs _ _ _ (lookn_in _ _ _ L) Hr Hg).
  - intros q iv Hin. apply in_omap in Hin as ([q' [lo hi]] & Hin & He); cbn [fst snd] in He.
    destruct (lookn (av post) q') as [[lo' hi']|] eqn:L; [|discriminate]. injection He as <- <-.
    apply iv_norm_holds.
    intros b Hlo Hhi; cbn [fst snd] in *. apply (sat_v _ _ _ _ Hs _ _ (lookn_in _ _ _ L)); cbn [fst snd].
    + destruct lo, lo'; cbn [omax lo_le] in *; auto; apply Z.leb_le in Hlo; apply Z.leb_le; lia.
    + lia.
  - intros F n Hin. apply filter_In in Hin as [_ Hn]; cbn [fst snd] in Hn.
    destruct (lookn (an post) F) eqn:L; [|discriminate]. apply Z.eqb_eq in Hn; subst.
    exact (sat_n _ _ _ _ Hs _ _ (lookn_in _ _ _ L)).
  - intros k fs f Hin Hf. apply in_app_or in Hin as [Hin|Hin].
    + apply in_map_iff in Hin as ([k' fs'] & He & Hin); injection He as <- <-.
      apply in_omap in Hf as (f0 & Hf0 & He). cbn [fst snd] in He.
      destruct (find_base (fst f0) (gf post k')) as [g|] eqn:Hfb.
      * injection He as <-. apply find_base_some in Hfb as [Hg Hb].
        pose proof (gf_sound _ _ _ _ _ _ Hs Hg) as Hgh. unfold gholds in *; cbn [fst snd].
        rewrite Hb in Hgh. lia.
      * destruct (gweak post f0) as [f1|] eqn:Hw; [injection He as <-|discriminate].
        exact (gweak_sound _ _ _ _ _ Hs Hw).
    + apply in_omap in Hin as ([k' fs'] & Hin & He); cbn [fst snd] in He.
      destruct (lookp (ag pre) k'); [discriminate|].
      destruct (omap (gweak pre) fs') as [|f1 l] eqn:Ef; [discriminate|].
      injection He as <- <-. rewrite <- Ef in Hf. apply in_omap in Hf as (f0 & Hf & Hw).
      pose proof (sat_g _ _ _ _ Hs _ _ _ Hin Hf) as Hg. destruct (gweak_le _ _ _ Hw) as [Hb Hk].
      unfold gholds in *. rewrite Hb. lia.
  - intros k cs Hin. apply in_app_or in Hin as [Hin|Hin].
    + apply in_map_iff in Hin as ([k' cs'] & He & Hin); injection He as <- <-. cbn [fst snd].
      destruct (lookp (ap post) k') as [cs2|] eqn:L.
      * destruct (sat_p _ _ _ _ Hs _ _ (lookp_in _ _ _ L)) as [H0|(c & Hc & Hf)]; [left; auto|right].
        destruct (comps_union_post cs' cs2 c Hc) as [Hu|Hu]; eauto.
        exists []; split; auto. intros f [].
      * left. exact (sat_p0 _ _ _ _ Hs k' (lookp_none _ _ L)).
    + apply filter_In in Hin as [Hin _]. exact (sat_p _ _ _ _ Hs _ _ Hin).
  - intros k Hno. apply (sat_p0 _ _ _ _ Hs k). intros cs Hin.
    destruct (lookp (ap pre) k) as [cs'|] eqn:L.
    + eapply (Hno (match lookp (ap post) k with None => cs' | Some cs2 => comps_union cs' cs2 end)).
      apply in_or_app; left. apply in_map_iff. exists (k, cs'); split; [|apply lookp_in; auto].
      cbn [fst snd]. reflexivity.
    + eapply (Hno cs). apply in_or_app; right. apply filter_In; split; auto. cbn [fst]; rewrite L; auto.
  - intros q2 q1 d Hin. apply filter_In in Hin as [_ Hex].
    apply existsb_exists in Hex as (o & Ho & Heq). apply rel_eqb_eq in Heq; subst o.
    exact (sat_o _ _ _ _ Hs _ _ _ Ho).
  - intros q iv Hin. apply in_omap in Hin as ([q' [lo hi]] & Hin & He); cbn [fst snd] in He.
    destruct (lookn (av post) q') as [[lo' hi']|] eqn:L; [|discriminate]. injection He as <- <-.
    intros l Hl. rewrite iv_norm_fst in Hl. cbn [fst] in Hl.
    assert (Hm : omax lo lo' = omax lo' lo) by (destruct lo, lo'; cbn [omax]; f_equal; lia).
    rewrite Hm in Hl.
    exact (join_upper q' lo' lo hi' h (sat_v _ _ _ _ Hs _ _ (lookn_in _ _ _ L))
             (sat_u _ _ _ _ Hs _ _ (lookn_in _ _ _ L)) l Hl).
  - intros r fs f Hin Hr Hf. apply in_map_iff in Hin as ([r' fs'] & He & Hin); injection He as -> <-.
    apply filter_In in Hf as [_ Hf]. apply existsb_exists in Hf as (g & Hg & Heq).
    apply fact_eqb_eq in Heq; subst g. cbn [fst] in Hg.
    unfold facts_of in Hg. destruct (lookn (am post) r) eqn:L; [|contradiction].
    exact (sat_m _ _ _ _ Hs _ _ _ (lookn_in _ _ _ L) Hr Hg).
Qed.

Lemma init_sound : sat (init p) [].
Proof.
  constructor; unfold init; cbn [ar av an ag ap am].
  - intros r fs f [].
  - intros q iv Hin. apply in_map_iff in Hin as (q' & He & _); injection He as <- <-.
    intros b _ Hb. cbn [fst snd bval vlast cnt] in *. lia.
  - intros F n Hin. apply in_map_iff in Hin as (F' & He & _); injection He as <- <-. reflexivity.
  - intros k fs f [].
  - intros k cs [].
  - intros k _. reflexivity.
  - intros q2 q1 d Hin. apply in_app_or in Hin as [Hin|Hin].
    + apply in_map_iff in Hin as (q & He & _). injection He as <- <- <-.
      cbn [bval vlast]. lia.
    + apply filter_In in Hin as [_ Hd]; cbn [snd] in Hd. apply Z.leb_le in Hd.
      cbn [bval vlast]. lia.
  - intros q iv Hin l Hl. apply in_map_iff in Hin as (q' & He & _); injection He as <- <-.
    discriminate.
  - intros r fs f [].
Qed.

End Join.

(** ** The checks at a site *)

Section Sites.
Variable p : prog.
Variable orc : nat -> nat -> Z.

Notation sat := (sat p orc).

Lemma gdom_sound a h key q :
  sat a h -> gdom p a key q = true -> bval p (BV q) h <= guar orc (fst key) (snd key) h.
Proof.
  intros Hs Hg. pose proof (guar_nonneg orc (fst key) (snd key) h) as HG0.
  pose proof (bv_nonneg p q h) as HV0. pose proof (bv_le_cnt p q h) as HVc.
  unfold gdom in Hg. apply orb_true_iff in Hg as [Hg|Hg].
  - apply existsb_exists in Hg as ([[|F|q'] k] & Hin & Hc).
    + discriminate.
    + pose proof (gf_sound _ _ _ _ _ _ Hs Hin) as Hgh; unfold gholds in Hgh; cbn [fst snd bval] in Hgh.
      apply andb_true_iff in Hc as [HF Hc]. apply Nat.eqb_eq in HF; subst F.
      apply orb_true_iff in Hc as [Hk|Hc]; [apply Z.leb_le in Hk; lia|].
      destruct (lookn (av a) q) as [[lo hi]|] eqn:L; [|discriminate].
      pose proof (sat_v _ _ _ _ Hs _ _ (lookn_in _ _ _ L)) as Hiv.
      pose proof (sat_u _ _ _ _ Hs _ _ (lookn_in _ _ _ L)) as Hu. unfold ivupper in Hu; cbn [fst snd] in Hu.
      destruct lo as [l|]; cbn [lo_le] in *.
      * apply Z.leb_le in Hc. specialize (Hu l eq_refl). cbn [bval] in *. lia.
      * rewrite (iv_none_zero p q hi h Hiv). lia.
    + pose proof (gf_sound _ _ _ _ _ _ Hs Hin) as Hgh; unfold gholds in Hgh; cbn [fst snd] in Hgh.
      apply andb_true_iff in Hc as [Hq Hk]. apply Nat.eqb_eq in Hq; subst q'. apply Z.leb_le in Hk. lia.
  - apply orb_true_iff in Hg as [Hg|Hg].
    + destruct (lookn (av a) q) as [[[lo|] hi]|] eqn:L; try discriminate.
      pose proof (iv_none_zero p q hi h (sat_v _ _ _ _ Hs _ _ (lookn_in _ _ _ L))). lia.
    + unfold known_zero in Hg. apply existsb_exists in Hg as ([[q2 q1] d] & Ho & Hc).
      cbn [fst snd] in Hc. apply andb_true_iff in Hc as [Hc Hd].
      apply andb_true_iff in Hc as [H2 H1]. apply Nat.eqb_eq in H2, H1. subst q2 q1.
      apply Z.ltb_lt in Hd.
      pose proof (sat_o _ _ _ _ Hs _ _ _ Ho) as Hz. lia.
Qed.

Lemma gdom_sub_sound a h key q :
  sat a h -> (forall s, In (ISite s) h -> (s < nsites p)%nat) ->
  gdom_sub p a key q = true -> bval p (BV q) h <= guar orc (fst key) (snd key) h.
Proof.
  intros Hs Hsites Hg. unfold gdom_sub in Hg. apply orb_true_iff in Hg as [Hg|Hg].
  - exact (gdom_sound _ _ _ _ Hs Hg).
  - apply existsb_exists in Hg as (q' & _ & Hc). apply andb_true_iff in Hc as [Hsub Hg].
    pose proof (gdom_sound _ _ _ _ Hs Hg) as Hq'.
    unfold qsub in Hsub. apply andb_true_iff in Hsub as [Ha Hsub].
    apply Nat.eqb_eq in Ha. rewrite forallb_forall in Hsub.
    enough (bval p (BV q) h <= bval p (BV q') h) by lia.
    cbn [bval]. rewrite Ha. apply vlast_subset.
    intros x Hx Hq. specialize (Hsub x ltac:(apply in_seq; specialize (Hsites x Hx); lia)).
    rewrite Hq in Hsub. exact Hsub.
Qed.

(** The tracked sets named for (c, F) are subsets of P(c, F). *)
Definition cover_ok (c F : nat) (h : list instr) : Prop :=
  forall q, In q (cover p c F) ->
    pagent p q = F /\ forall x, In (ISite x) h -> pmem p q x = true -> confset p c F x = true.

Lemma cover_le_T c F h q :
  cover_ok c F h -> In q (cover p c F) -> bval p (BV q) h <= T p c F h.
Proof.
  intros Hok Hq. destruct (Hok q Hq) as [Ha Hsub]. cbn [bval]. rewrite Ha.
  unfold T. apply vlast_subset. auto.
Qed.

Lemma T_le c F h G :
  cover_ok c F h -> 0 <= G ->
  (forall s, confset p c F s = true -> exists q, In q (cover p c F) /\ pmem p q s = true /\ bval p (BV q) h <= G) ->
  T p c F h <= G.
Proof.
  intros Hok HG Hcov. unfold T.
  destruct (vlast_latest p (confset p c F) F h) as [H0|(s & Hin & Hps & Hq)]; [lia|].
  destruct (Hcov s Hps) as (q & Hqc & Hqs & Hle).
  destruct (Hok q Hqc) as [Ha Hsub]. cbn [bval] in Hle. rewrite Ha in Hle.
  rewrite <- (Hq (pmem p q)); auto.
Qed.

Lemma pbound_sound a h c F f :
  sat a h -> cover_ok c F h -> pbound p a c F f = true ->
  Z.max 0 (bval p (fst f) h + snd f) <= T p c F h.
Proof.
  intros Hs Hok Hb. assert (HT0 : 0 <= T p c F h) by (apply vlast_le_cnt).
  destruct f as [[|F'|q] k]; cbn [pbound fst snd bval] in *.
  - apply Z.leb_le in Hb; lia.
  - apply existsb_exists in Hb as (q & Hq & Hc). apply andb_true_iff in Hc as [HF Hc].
    apply Nat.eqb_eq in HF.
    destruct (lookn (av a) q) as [[lo hi]|] eqn:L; [|discriminate].
    apply andb_true_iff in Hc as [Hne Hk]. apply Z.leb_le in Hk.
    pose proof (sat_v _ _ _ _ Hs _ _ (lookn_in _ _ _ L) hi) as Hiv; cbn [fst snd] in Hiv.
    assert (Hlo : lo_le lo hi = true) by (destruct lo; auto).
    specialize (Hiv Hlo (Z.le_refl _)). pose proof (cover_le_T c F h q Hok Hq) as Hq'.
    rewrite Hiv, HF in Hq'. lia.
  - apply andb_true_iff in Hb as [Hk Hq]. apply Z.leb_le in Hk.
    apply existsb_exists in Hq as (q' & Hq' & Heq). apply Nat.eqb_eq in Heq; subst q'.
    pose proof (cover_le_T c F h q Hok Hq') as Hle. cbn [bval] in Hle.
    pose proof (bv_nonneg p q h). cbn [bval] in *. lia.
Qed.

Lemma own_or_free_true c S :
  (forall F, (F < nagents p)%nat -> agsem p F = Some S -> F = sagent p c) -> own_or_free p c S = true.
Proof.
  intros H. unfold own_or_free. apply forallb_forall. intros F HF. apply in_seq in HF.
  destruct (agsem p F) as [S0|] eqn:E; auto.
  destruct (Nat.eqb S0 S) eqn:ES; [|auto].
  apply Nat.eqb_eq in ES; subst. rewrite (H F ltac:(lia) E), Nat.eqb_refl, orb_true_r; auto.
Qed.

Lemma check_site_sound pr a h c :
  sat a h -> (forall s, In (ISite s) h -> (s < nsites p)%nat) ->
  (forall F, (F < nagents p)%nat -> cover_ok c F h) -> check_site p pr a c = [] ->
  sound_at p orc c h /\ (pr = true -> precise_at p orc c h).
Proof.
  intros Hs Hsites Hok Hc. unfold check_site in Hc. apply app_eq_nil in Hc as [Hagents Hown].
  set (e := sengine p c) in *.
  assert (Hper : forall F S, (F < nagents p)%nat -> F <> sagent p c -> agsem p F = Some S ->
     forallb (fun s => negb (confsetb p c F s) ||
                       existsb (fun q => pmem p q s && gdom_sub p a (e, S) q) (cover p c F))
             (seq 0 (nsites p)) = true /\
     (pr = true -> match lookp (ap a) (e, S) with
                   | None => True
                   | Some cs => forallb (existsb (pbound p a c F)) cs = true
                   end)).
  { intros F S HF Hne HS. pose proof (flat_map_nil _ _ Hagents F ltac:(apply in_seq; lia)) as H.
    cbv beta in H. rewrite (proj2 (Nat.eqb_neq F (sagent p c)) Hne), HS in H.
    apply app_eq_nil in H as [H1 H2].
    split.
    - clear H2. destruct (forallb _ _) eqn:E; [auto|discriminate].
    - clear H1. intros ->. destruct (lookp (ap a) (e, S)) as [cs|]; auto.
      destruct (forallb _ _) eqn:E; [auto|discriminate]. }
  unfold sound_at, precise_at; fold e.
  split.
  - intros F S HF Hne HS. destruct (Hper F S HF Hne HS) as [Hsound _].
    apply T_le; [apply Hok; auto|apply guar_nonneg|].
    intros s Hps. assert (Hlt : (s < nsites p)%nat).
    { unfold confset in Hps. apply andb_true_iff in Hps as [Hps _]. apply andb_true_iff in Hps as [Hps _].
      apply Nat.ltb_lt; auto. }
    rewrite forallb_forall in Hsound. specialize (Hsound s ltac:(apply in_seq; lia)).
    unfold confsetb in Hsound. fold (confset p c F s) in Hsound. rewrite Hps in Hsound.
    cbn [negb orb] in Hsound. apply existsb_exists in Hsound as (q & Hq & Hc).
    apply andb_true_iff in Hc as [Hm Hg]. exists q; repeat split; auto.
    apply (gdom_sub_sound _ _ _ _ Hs Hsites Hg).
  - intros Hpr. split.
    + intros F S HF Hne HS. destruct (Hper F S HF Hne HS) as [_ Hprec]. specialize (Hprec Hpr).
      assert (HT0 : 0 <= T p c F h) by (apply vlast_le_cnt).
      destruct (lookp (ap a) (e, S)) as [cs|] eqn:L.
      * destruct (sat_p _ _ _ _ Hs _ _ (lookp_in _ _ _ L)) as [H0|(cc & Hcc & Hf)];
          cbn [fst snd] in *; [lia|].
        rewrite forallb_forall in Hprec. specialize (Hprec _ Hcc).
        apply existsb_exists in Hprec as (f & Hfin & Hb).
        specialize (Hf _ Hfin); unfold pholds in Hf; cbn [fst snd] in Hf.
        pose proof (pbound_sound _ _ _ _ _ Hs (Hok F HF) Hb). lia.
      * pose proof (sat_p0 _ _ _ _ Hs (e, S) (lookp_none _ _ L)) as H0; cbn [fst snd] in H0. lia.
    + intros S HS. pose proof (pend_nonneg p orc e S h).
      destruct (lookp (ap a) (e, S)) as [cs|] eqn:L.
      * rewrite Hpr in Hown. pose proof (lookp_in _ _ _ L) as Hin.
        pose proof (flat_map_nil _ _ Hown _ Hin) as Hz. cbn [fst snd] in Hz.
        rewrite Nat.eqb_refl, (own_or_free_true c S HS) in Hz. cbn [andb] in Hz.
        destruct (forallb (existsb (fun f => base_eqb (fst f) BZ && (snd f <=? 0))) cs) eqn:Ef; [|discriminate].
        destruct (sat_p _ _ _ _ Hs _ _ Hin) as [H0|(cc & Hcc & Hf)]; cbn [fst snd] in *; [auto|].
        rewrite forallb_forall in Ef. specialize (Ef _ Hcc).
        apply existsb_exists in Ef as ([b k] & Hfin & Hb). cbn [fst snd] in Hb.
        apply andb_true_iff in Hb as [Hb Hk]. apply base_eqb_eq in Hb; subst b. apply Z.leb_le in Hk.
        specialize (Hf _ Hfin); unfold pholds in Hf; cbn [fst snd bval] in Hf. lia.
      * exact (sat_p0 _ _ _ _ Hs (e, S) (lookp_none _ _ L)).
Qed.

End Sites.

(** ** Every path of an accepted program *)

Section Paths.
Variable p : prog.
Variable orc : nat -> nat -> Z.

Notation sat := (sat p orc).

Lemma check_instrs_post pr a b i l : snd (check_instrs p pr a b i l) = fold_left (transfer p) l a.
Proof.
  revert a i; induction l as [|ins l IH]; intros a i; simpl; auto.
  specialize (IH (transfer p a ins) (S i)). destruct (check_instrs p pr (transfer p a ins) b (S i) l).
  simpl in *; auto.
Qed.

Lemma check_instrs_each pr a b i l :
  fst (check_instrs p pr a b i l) = [] ->
  forall j ins, nth_error l j = Some ins ->
    check_instr p pr (fold_left (transfer p) (firstn j l) a) b (i + j) ins = [].
Proof.
  revert a i; induction l as [|ins0 l IH]; intros a i H j ins Hj; [destruct j; discriminate|].
  simpl in H. destruct (check_instrs p pr (transfer p a ins0) b (S i) l) as [ds a'] eqn:E.
  simpl in H. apply app_eq_nil in H as [H1 H2].
  destruct j as [|j]; simpl in Hj.
  - injection Hj as <-. rewrite Nat.add_0_r. exact H1.
  - simpl. replace (i + S j)%nat with (S i + j)%nat by lia. apply IH; auto. rewrite E; auto.
Qed.

Lemma firstn_snoc {A : Type} (l : list A) i x :
  nth_error l i = Some x -> firstn (S i) l = firstn i l ++ [x].
Proof.
  revert i; induction l as [|y l IH]; intros [|i] H; try discriminate; simpl in *.
  - injection H as ->; auto.
  - f_equal. apply IH; auto.
Qed.

(** What [check_with ... = []] says. *)
Record accepted (pr : bool) (inv : list (nat * (nat * astate))) : Prop := {
  acc_tables : check_tables p = [];
  acc_entry : exists a0, inv_at inv (pentry p) = Some a0 /\ join (init p) a0 = a0;
  acc_blocks : forall b a, In b (pblocks p) -> inv_at inv b = Some a ->
    fst (check_instrs p pr a b 0 (pcode p b)) = [] /\
    forall s, In s (psucc p b) ->
      exists a', inv_at inv s = Some a' /\ join (fold_left (transfer p) (pcode p b) a) a' = a'
}.

Lemma accepted_of_check pr inv : check_with p pr inv = [] -> accepted pr inv.
Proof.
  unfold check_with. intros H.
  apply app_eq_nil in H as [Ht H]. apply app_eq_nil in H as [He Hb].
  constructor; auto.
  - destruct (inv_at inv (pentry p)) as [a0|]; [|discriminate].
    destruct (astate_eq_dec (join (init p) a0) a0); [eauto|discriminate].
  - intros b a Hin Hinv. pose proof (flat_map_nil _ _ Hb b Hin) as H. cbv beta in H.
    rewrite Hinv in H.
    destruct (check_instrs p pr a b 0 (pcode p b)) as [ds post] eqn:E.
    apply app_eq_nil in H as [H1 H2]. split; [simpl; auto|].
    intros s Hs. pose proof (flat_map_nil _ _ H2 s Hs) as H3. cbv beta in H3.
    pose proof (check_instrs_post pr a b 0 (pcode p b)) as Hpost. rewrite E in Hpost; simpl in Hpost.
    destruct (inv_at inv s) as [a'|]; [|discriminate].
    destruct (astate_eq_dec (join post a') a'); [|discriminate]. subst post; eauto.
Qed.

Ltac split_tables H :=
  unfold check_tables in H;
  apply app_eq_nil in H as [T0 H]; apply app_eq_nil in H as [T1 H];
  apply app_eq_nil in H as [T2 H]; apply app_eq_nil in H as [T3 H];
  apply app_eq_nil in H as [T4 H]; apply app_eq_nil in H as [T7 T5].

Lemma tables_sites : check_tables p = [] ->
  forall b s, In b (pblocks p) -> In (ISite s) (pcode p b) -> (s < nsites p)%nat.
Proof.
  intros H b s Hb Hs. split_tables H.
  pose proof (flat_map_nil _ _ T3 b Hb) as H4. cbv beta in H4.
  apply app_eq_nil in H4 as [H4 _]. pose proof (flat_map_nil _ _ H4 _ Hs) as H5. cbv beta iota in H5.
  destruct (Nat.ltb s (nsites p)) eqn:E; [apply Nat.ltb_lt; auto|discriminate].
Qed.

Lemma tables_succ : check_tables p = [] ->
  (In (pentry p) (pblocks p)) /\
  forall b s, In b (pblocks p) -> In s (psucc p b) -> In s (pblocks p).
Proof.
  intros H. split_tables H. split.
  - destruct (existsb (Nat.eqb (pentry p)) (pblocks p)) eqn:E; [|discriminate].
    apply existsb_exists in E as (x & Hx & Hq). apply Nat.eqb_eq in Hq; subst; auto.
  - intros b s Hb Hs.
    pose proof (flat_map_nil _ _ T3 b Hb) as H4. cbv beta in H4.
    apply app_eq_nil in H4 as [_ H4]. pose proof (flat_map_nil _ _ H4 _ Hs) as H5. cbv beta in H5.
    destruct (existsb (Nat.eqb s) (pblocks p)) eqn:E; [|discriminate].
    apply existsb_exists in E as (x & Hx & Hq). apply Nat.eqb_eq in Hq; subst; auto.
Qed.

Lemma tables_cover : check_tables p = [] ->
  forall c F q, (c < nsites p)%nat -> (F < nagents p)%nat -> In q (cover p c F) ->
    pagent p q = F /\ forall s, (s < nsites p)%nat -> pmem p q s = true -> confset p c F s = true.
Proof.
  intros H c F q Hc HF Hq. split_tables H.
  pose proof (flat_map_nil _ _ T2 c ltac:(apply in_seq; lia)) as H1. cbv beta in H1.
  pose proof (flat_map_nil _ _ H1 F ltac:(apply in_seq; lia)) as H2. cbv beta in H2.
  pose proof (flat_map_nil _ _ H2 q Hq) as H3. cbv beta in H3.
  destruct (Nat.eqb (pagent p q) F && _) eqn:E; [|discriminate].
  apply andb_true_iff in E as [E1 E2]. apply Nat.eqb_eq in E1. split; auto.
  intros s Hs Hm. rewrite forallb_forall in E2. specialize (E2 s ltac:(apply in_seq; lia)).
  rewrite Hm in E2. exact E2.
Qed.

(** The invariant: at every point of every path, the facts hold. *)
Theorem validated_invariant pr inv :
  check_with p pr inv = [] ->
  forall b i h, reach p b i h ->
    In b (pblocks p) /\ (i <= length (pcode p b))%nat /\
    (forall s, In (ISite s) h -> (s < nsites p)%nat) /\
    exists a, inv_at inv b = Some a /\ sat (fold_left (transfer p) (firstn i (pcode p b)) a) h.
Proof.
  intros Hc. pose proof (accepted_of_check _ _ Hc) as Hacc.
  pose proof (tables_succ (acc_tables _ _ Hacc)) as [Hentry Hsucc].
  induction 1 as [|b i h ins Hr IH Hn|b h s Hr IH Hs].
  - destruct (acc_entry _ _ Hacc) as (a0 & Ha0 & Hj).
    repeat split; auto; [simpl; lia|intros s []|].
    exists a0; split; auto. simpl. rewrite <- Hj. apply join_sound_post. apply init_sound.
  - destruct IH as (Hb & Hi & Hsites & a & Ha & Hs). repeat split; auto.
    + apply nth_error_Some. congruence.
    + intros s [Hs'|Hs']; auto. subst ins.
      apply (tables_sites (acc_tables _ _ Hacc) b s Hb). eapply nth_error_In; eauto.
    + exists a; split; auto. rewrite (firstn_snoc _ _ _ Hn), fold_left_app. simpl.
      apply transfer_sound; auto.
  - destruct IH as (Hb & Hi & Hsites & a & Ha & Hsat).
    split; [eapply Hsucc; eauto|]. split; [lia|]. split; [auto|].
    destruct (acc_blocks _ _ Hacc b a Hb Ha) as [_ Hedges].
    destruct (Hedges s Hs) as (a' & Ha' & Hj). exists a'; split; auto. simpl.
    rewrite <- Hj. apply join_sound_post. rewrite firstn_all in Hsat. auto.
Qed.

Lemma validated_site pr inv :
  check_with p pr inv = [] ->
  forall b i h c, reach p b i h -> nth_error (pcode p b) i = Some (ISite c) ->
    sound_at p orc c h /\ (pr = true -> precise_at p orc c h).
Proof.
  intros Hc b i h c Hr Hn.
  pose proof (accepted_of_check _ _ Hc) as Hacc.
  destruct (validated_invariant _ _ Hc _ _ _ Hr) as (Hb & _ & Hsites & a & Ha & Hs).
  destruct (acc_blocks _ _ Hacc b a Hb Ha) as [Hchk _].
  pose proof (check_instrs_each _ _ _ _ _ Hchk i _ Hn) as Hsite. simpl in Hsite.
  assert (Hcn : (c < nsites p)%nat)
    by (apply (tables_sites (acc_tables _ _ Hacc) b c Hb); eapply nth_error_In; eauto).
  apply (check_site_sound p orc pr _ h c Hs); auto.
  intros F HF q Hq.
  destruct (tables_cover (acc_tables _ _ Hacc) c F q Hcn HF Hq) as [Ha' Hsub].
  split; auto.
Qed.

Lemma check_wait_sound a h b i sm r k :
  sat a h -> check_wait p a b i sm r k = [] ->
  regv orc r h + k <= match semag p sm with Some F => cnt p F h | None => 0 end.
Proof.
  intros Hs Hc. unfold check_wait in Hc.
  destruct (match semag p sm with Some F => _ | None => _ end) eqn:Hok; [|discriminate].
  destruct (semag p sm) as [F|].
  - apply orb_true_iff in Hok as [Hok|Hok]; cycle 1.
    { destruct (k <=? 0) eqn:Hk; [|discriminate]. apply Z.leb_le in Hk.
      apply existsb_exists in Hok as (f & Hf & Hc').
      apply in_map_iff in Hf as (g & <- & Hg). pose proof (mf_sound _ _ _ _ _ _ Hs Hg) as Hm.
      unfold mholds in Hm. destruct g as [[|F'|q] j]; cbn [shift fst snd bval] in *; try discriminate.
      apply andb_true_iff in Hc' as [HF Hj]. apply Nat.eqb_eq in HF. apply Z.leb_le in Hj.
      pose proof (vlast_le_cnt p (pmem p q) (pagent p q) h). rewrite HF in *. lia. }
    apply existsb_exists in Hok as (f & Hf & Hc').
    apply in_map_iff in Hf as (g & <- & Hg). pose proof (rf_sound _ _ _ _ _ _ Hs Hg) as Hv.
    unfold vholds in Hv. destruct g as [[|F'|q] j]; cbn [shift fst snd bval] in *.
    + pose proof (cnt_nonneg p F h).
      apply orb_true_iff in Hc' as [Hc'|Hc']; [apply Z.leb_le in Hc'; lia|].
      destruct (lookn (an a) F) eqn:L; [|discriminate]. apply Z.leb_le in Hc'.
      rewrite (sat_n _ _ _ _ Hs _ _ (lookn_in _ _ _ L)). lia.
    + apply andb_true_iff in Hc' as [HF Hj]. apply Nat.eqb_eq in HF; subst. apply Z.leb_le in Hj. lia.
    + apply andb_true_iff in Hc' as [HF Hj]. apply Nat.eqb_eq in HF. apply Z.leb_le in Hj.
      pose proof (vlast_le_cnt p (pmem p q) (pagent p q) h). rewrite HF in *. lia.
  - apply existsb_exists in Hok as (f & Hf & Hc').
    apply in_map_iff in Hf as (g & <- & Hg). pose proof (rf_sound _ _ _ _ _ _ Hs Hg) as Hv.
    unfold vholds in Hv. destruct g as [[|F'|q] j]; cbn [shift fst snd bval base_eqb] in *;
      try discriminate. apply andb_true_iff in Hc' as [_ Hj]; apply Z.leb_le in Hj. lia.
Qed.

(** No wait asks for more than the count of its semaphore's agent at the
    wait (no engine ever waits for an instance not issued yet). *)
Theorem validated_waits_bounded pr inv :
  check_with p pr inv = [] ->
  forall b i h e sm r k, reach p b i h -> nth_error (pcode p b) i = Some (IWait e sm r k) ->
    regv orc r h + k <= match semag p sm with Some F => cnt p F h | None => 0 end.
Proof.
  intros Hc b i h e sm r k Hr Hn.
  pose proof (accepted_of_check _ _ Hc) as Hacc.
  destruct (validated_invariant _ _ Hc _ _ _ Hr) as (Hb & _ & _ & a & Ha & Hs).
  destruct (acc_blocks _ _ Hacc b a Hb Ha) as [Hchk _].
  pose proof (check_instrs_each _ _ _ _ _ Hchk i _ Hn) as Hw. simpl in Hw.
  eapply check_wait_sound; eauto.
Qed.

End Paths.

(** What an engine has waited for is what it had waited for at its previous
    site (h0: the history there, or the start), raised by what it waited for
    since beyond that. *)
Lemma guar_pend p orc e sm h :
  exists h1 h0, h = h1 ++ h0 /\
    (forall s, In (ISite s) h1 -> sengine p s <> e) /\
    (match h0 with ISite s :: _ => sengine p s = e | [] => True | _ => False end) /\
    guar orc e sm h = Z.max (guar orc e sm h0) (pend p orc e sm h).
Proof.
  induction h as [|i h IH].
  - exists [], []; repeat split; auto; intros s [].
  - destruct IH as (h1 & h0 & -> & Hno & Hh0 & Heq).
    destruct i.
    + destruct (Nat.eqb (sengine p s) e) eqn:E.
      * exists [], (ISite s :: h1 ++ h0); repeat split; [intros ? []|apply Nat.eqb_eq; auto|].
        cbn [app pend]. rewrite E. pose proof (guar_nonneg orc e sm (ISite s :: h1 ++ h0)). lia.
      * exists (ISite s :: h1), h0; repeat split; auto.
        -- intros s' [Hs|Hs]; [injection Hs as <-; apply Nat.eqb_neq; auto|auto].
        -- cbn [app guar pend]. rewrite E. exact Heq.
    + exists (IWait e0 sm0 r k :: h1), h0; repeat split; auto.
      * intros s' [Hs|Hs]; [discriminate|auto].
      * cbn [app guar pend]. destruct (Nat.eqb e e0 && Nat.eqb sm sm0); auto.
        pose proof (pend_nonneg p orc e sm (h1 ++ h0)). pose proof (guar_nonneg orc e sm h0).
        destruct (regv orc r (h1 ++ h0) + k <=? guar orc e sm (h1 ++ h0)) eqn:E.
        -- apply Z.leb_le in E. lia.
        -- apply Z.leb_nle in E. lia.
    + exists (ISet r k :: h1), h0; split; [reflexivity|]; split; [intros s' [Hs|Hs]; [discriminate|auto]|];
      split; [exact Hh0|exact Heq].
    + exists (IAdd r src k :: h1), h0; split; [reflexivity|]; split; [intros s' [Hs|Hs]; [discriminate|auto]|];
      split; [exact Hh0|exact Heq].
    + exists (IDef r :: h1), h0; split; [reflexivity|]; split; [intros s' [Hs|Hs]; [discriminate|auto]|];
      split; [exact Hh0|exact Heq].
    + exists (IOther :: h1), h0; split; [reflexivity|]; split; [intros s' [Hs|Hs]; [discriminate|auto]|];
      split; [exact Hh0|exact Heq].
Qed.

(** ** The theorems about the validator's verdict *)

(** Soundness: [check p false = []] (no soundness finding) implies that at
    every consumer instance on every path, its engine has waited, on the
    semaphore of every other agent F, for at least T(c, F) completions; and
    that no wait asks for an instance not issued yet. *)
Theorem validated_sound p : check p false = [] ->
  forall orc b i h c, reach p b i h -> nth_error (pcode p b) i = Some (ISite c) ->
    sound_at p orc c h.
Proof.
  intros Hc orc b i h c Hr Hn. eapply (validated_site p orc false); eauto.
Qed.

(** Exactness: [check p true = []] (no finding at all) implies, at every
    consumer instance c on every path and for every other agent F with
    semaphore S: what c's engine has waited for on S equals
    max(what it had waited for at its previous site, T(c, F)). So c waits
    for T(c, F) completions of F, never fewer (sound), never more (precise),
    and a wait left out because an earlier one implied it is satisfied. *)
Theorem validated_exact p : check p true = [] ->
  forall orc b i h c, reach p b i h -> nth_error (pcode p b) i = Some (ISite c) ->
    sound_at p orc c h /\ precise_at p orc c h /\
    forall F S, (F < nagents p)%nat -> F <> sagent p c -> agsem p F = Some S ->
      exists h1 h0, h = h1 ++ h0 /\
        (forall s, In (ISite s) h1 -> sengine p s <> sengine p c) /\
        (match h0 with ISite s :: _ => sengine p s = sengine p c | [] => True | _ => False end) /\
        guar orc (sengine p c) S h = Z.max (guar orc (sengine p c) S h0) (T p c F h).
Proof.
  intros Hc orc b i h c Hr Hn.
  destruct (validated_site p orc true _ Hc _ _ _ _ Hr Hn) as [Hs Hp]. specialize (Hp eq_refl).
  repeat split; auto; [apply Hp|apply Hp|].
  intros F S HF Hne HS.
  destruct (guar_pend p orc (sengine p c) S h) as (h1 & h0 & Hh & Hno & Hh0 & Heq).
  exists h1, h0; repeat split; auto.
  pose proof (Hs F S HF Hne HS) as Hsnd. pose proof (proj1 Hp F S HF Hne HS) as Hprc.
  pose proof (guar_nonneg orc (sengine p c) S h0).
  rewrite Heq in *. lia.
Qed.

Theorem validated_waits p pr : check p pr = [] ->
  forall orc b i h e sm r k, reach p b i h -> nth_error (pcode p b) i = Some (IWait e sm r k) ->
    regv orc r h + k <= match semag p sm with Some F => cnt p F h | None => 0 end.
Proof. intros Hc orc. eapply validated_waits_bounded; eauto. Qed.

(** The counter invariant, and every other fact the validator relies on. *)
Theorem validated_facts p pr : check p pr = [] ->
  forall orc b i h, reach p b i h ->
    exists a, inv_at (invariant p) b = Some a /\
              sat p orc (fold_left (transfer p) (firstn i (pcode p b)) a) h.
Proof.
  intros Hc orc b i h Hr. destruct (validated_invariant p orc pr _ Hc _ _ _ Hr) as (_ & _ & _ & H). auto.
Qed.
