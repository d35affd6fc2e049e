(** * The concurrent semantics: safety and deadlock freedom.

    A run follows one path of the program: [tr], the instructions it
    executes in program order (any path: every trip count, every branch).
    Every engine runs its own copy of the control flow, in order: it executes
    its own instructions of [tr] (its waits, and the sites it issues) one
    after the other, and the register values it compares against are the
    program-order ones (each engine computes the same scalar registers). A
    site it issues then completes asynchronously on the site's agent; every
    agent completes its sites in program order; a site with a semaphore
    increments it when it completes. A wait blocks until the wrap-around
    comparison of the semaphore with its value succeeds.

    Theorem [safety]: in every interleaving, a site on another agent that
    conflicts with a site c and precedes it in program order has completed
    when c starts. Theorem [progress] and [measure_step]: a state that is not
    final can always step, and every step makes progress on a bounded
    measure: every interleaving ends with every wait passed and every site
    completed (deadlock freedom, without any fairness assumption).
    Hypotheses: the program passed the validator's soundness check
    ([check_t]: directly or through other agents, Transitive.v); every
    semaphore is incremented fewer than 2^31 times ([sem_bound], all the
    theorems); every wait asks for more than its semaphore's final value
    minus 2^31 ([wait_floor], deadlock freedom only). *)

From Coq Require Import ZArith List Bool Lia.
From NeuronISA Require Import Model Validator Exactness Footprint Transitive.
Import ListNotations.
Open Scope Z_scope.

(** The wrap-around comparison of a 32-bit semaphore with a threshold:
    (int32)(S - T) >= 0. *)
Definition wrap32 (x : Z) : Z := (x + 2 ^ 31) mod 2 ^ 32 - 2 ^ 31.
Definition wait_ok (sem v : Z) : bool := 0 <=? wrap32 (sem - v).

Lemma wait_ok_exact sem v : - 2 ^ 31 <= sem - v < 2 ^ 31 -> wait_ok sem v = (v <=? sem).
Proof.
  intros H. unfold wait_ok, wrap32.
  rewrite Z.mod_small by lia.
  destruct (v <=? sem) eqn:E; [apply Z.leb_le in E|apply Z.leb_gt in E]; apply Z.leb_le || apply Z.leb_gt; lia.
Qed.

(** A passed wait compares correctly when the semaphore is not more than
    2^31 below the value (it is never more than 2^31 above it, or the wait
    blocks). *)
Lemma wait_ok_sound sem v : - 2 ^ 31 <= sem - v -> wait_ok sem v = true -> v <= sem.
Proof.
  intros H Hw. destruct (Z.le_gt_cases v sem) as [|Hlt]; auto. exfalso.
  unfold wait_ok, wrap32 in Hw. rewrite Z.mod_small in Hw by lia. apply Z.leb_le in Hw. lia.
Qed.

Section Run.
Variable p : prog.
Variable orc : nat -> nat -> Z.
Variable tr : list instr.

Definition len : nat := length tr.
Definition hist (n : nat) : list instr := rev (firstn n tr).
Definition at_ (n : nat) : option instr := nth_error tr n.

(** The path reaches the end of [tr]. *)
Hypothesis tr_reach : exists b i, reach p b i (rev tr).

Lemma reach_pop b i x h : reach p b i (x :: h) ->
  exists b' i', reach p b' i' h /\ nth_error (pcode p b') i' = Some x.
Proof.
  remember (x :: h) as h0 eqn:E. intros Hr. revert x h E.
  induction Hr as [|b i h0 ins Hr IH Hn|b h0 s Hr IH Hs]; intros x h E.
  - discriminate.
  - injection E as -> ->. eauto.
  - eauto.
Qed.

Lemma hist_S n x : nth_error tr n = Some x -> hist (S n) = x :: hist n.
Proof.
  intros H. unfold hist. rewrite (firstn_snoc _ _ _ H), rev_app_distr. reflexivity.
Qed.

Lemma hist_reach n : (n <= len)%nat -> exists b i, reach p b i (hist n).
Proof.
  intros Hn. unfold len in Hn.
  remember (length tr - n)%nat as d eqn:Ed. revert n Hn Ed.
  induction d as [|d IH]; intros n Hn Ed.
  - replace n with (length tr) by lia. unfold hist. rewrite firstn_all. auto.
  - assert (Hlt : (n < length tr)%nat) by lia.
    destruct (nth_error tr n) as [x|] eqn:Ex; [|apply nth_error_None in Ex; lia].
    destruct (IH (S n) ltac:(lia) ltac:(lia)) as (b & i & Hr).
    rewrite (hist_S _ _ Ex) in Hr. destruct (reach_pop _ _ _ _ Hr) as (b' & i' & Hr' & _). eauto.
Qed.

(** The instruction at position n is the i-th of a block b, reached with
    the history before it. *)
Lemma at_reach n x : nth_error tr n = Some x ->
  exists b i, reach p b i (hist n) /\ nth_error (pcode p b) i = Some x.
Proof.
  intros Hx. assert (Hlt : (S n <= len)%nat) by (unfold len; apply nth_error_Some; congruence).
  destruct (hist_reach _ Hlt) as (b & i & Hr). rewrite (hist_S _ _ Hx) in Hr.
  apply reach_pop in Hr as (b' & i' & Hr & Hn). eauto.
Qed.

(** Counting positions. *)
Definition count (f : nat -> bool) (n : nat) : nat := length (filter f (seq 0 n)).

Lemma count_S f n : count f (S n) = (count f n + if f n then 1 else 0)%nat.
Proof.
  unfold count. rewrite seq_S, filter_app, app_length. simpl. destruct (f n); simpl; lia.
Qed.

Lemma count_mono f g n : (forall i, (i < n)%nat -> f i = true -> g i = true) -> (count f n <= count g n)%nat.
Proof.
  induction n as [|n IH]; intros H; [unfold count; simpl; lia|].
  rewrite !count_S. specialize (IH ltac:(intros; apply H; auto; lia)).
  destruct (f n) eqn:E; [rewrite (H n ltac:(lia) E)|destruct (g n)]; lia.
Qed.

Lemma count_le_n f n m : (n <= m)%nat -> (count f n <= count f m)%nat.
Proof.
  intros H. induction H; auto. rewrite count_S. lia.
Qed.

Lemma count_upto f n m : (forall i, (i < n)%nat -> f i = true -> (i < m)%nat) -> (m <= n)%nat ->
  count f n = count f m.
Proof.
  intros H Hm. induction Hm as [|n Hm IH]; auto.
  rewrite count_S, IH by (intros; apply H; auto; lia).
  destruct (f n) eqn:E; auto. specialize (H n ltac:(lia) E). lia.
Qed.

Definition prod_at (F : nat) (i : nat) : bool :=
  match at_ i with Some x => producer_of p F x | None => false end.

Lemma cnt_hist F n : (n <= len)%nat -> cnt p F (hist n) = Z.of_nat (count (prod_at F) n).
Proof.
  induction n as [|n IH]; intros Hn; [reflexivity|].
  destruct (nth_error tr n) as [x|] eqn:Ex; [|apply nth_error_None in Ex; unfold len in Hn; lia].
  rewrite (hist_S _ _ Ex), count_S. cbn [cnt]. rewrite IH by lia.
  unfold prod_at, at_. rewrite Ex. remember (count _ n) as c. destruct (producer_of p F x); lia.
Qed.

(** The latest position before n of a site satisfying P. *)
Lemma vlast_hist P F n : (n <= len)%nat ->
  (vlast p P F (hist n) = 0 /\ forall j s, (j < n)%nat -> at_ j = Some (ISite s) -> P s = false) \/
  exists j s, (j < n)%nat /\ at_ j = Some (ISite s) /\ P s = true /\
    (forall j' s', (j < j' < n)%nat -> at_ j' = Some (ISite s') -> P s' = false) /\
    vlast p P F (hist n) = cnt p F (hist (S j)).
Proof.
  induction n as [|n IH]; intros Hn.
  - left; split; [reflexivity|intros; exfalso; lia].
  - destruct (nth_error tr n) as [x|] eqn:Ex; [|apply nth_error_None in Ex; unfold len in Hn; lia].
    rewrite (hist_S _ _ Ex).
    assert (Hcase : (exists s, x = ISite s /\ P s = true) \/
                    vlast p P F (x :: hist n) = vlast p P F (hist n) /\
                    forall s, x = ISite s -> P s = false).
    { destruct x; try (right; split; [reflexivity|intros; discriminate]).
      destruct (P s) eqn:E; [left; eauto|right; split; [cbn [vlast]; rewrite E; auto|]].
      intros s' H; injection H as <-; auto. }
    destruct Hcase as [(s & -> & Hs)|[Heq Hno]].
    + right. exists n, s. split; [lia|]. split; [unfold at_; auto|]. split; [auto|].
      split; [intros; exfalso; lia|].
      cbn [vlast]. rewrite Hs, (hist_S _ _ Ex). reflexivity.
    + rewrite Heq. destruct (IH ltac:(lia)) as [[H0 Hall]|(j & s & Hj & Hat & Hps & Hlat & Hv)].
      * left. split; [exact H0|]. intros j s Hj Hat.
        destruct (Nat.eq_dec j n) as [->|Hne]; [apply Hno; unfold at_ in Hat; congruence|].
        apply (Hall j); auto; lia.
      * right. exists j, s. split; [lia|]. split; [exact Hat|]. split; [exact Hps|]. split; [|exact Hv].
        intros j' s' Hj' Hat'. destruct (Nat.eq_dec j' n) as [->|Hne];
          [apply Hno; unfold at_ in Hat'; congruence|]. apply (Hlat j'); auto; lia.
Qed.

End Run.

(** ** The tables the checker verified *)

Ltac split_tables' H :=
  unfold check_tables in H;
  apply app_eq_nil in H as [T0 H]; apply app_eq_nil in H as [T1 H];
  apply app_eq_nil in H as [T2 H]; apply app_eq_nil in H as [T3 H];
  apply app_eq_nil in H as [T4 H]; apply app_eq_nil in H as [T7 T5].

Section Tables.
Variable p : prog.
Hypothesis Ht : check_tables p = [].

Lemma table_sem s S : (s < nsites p)%nat -> ssem p s = Some S -> agsem p (sagent p s) = Some S.
Proof.
  intros Hs HS. pose proof Ht as H. split_tables' H.
  pose proof (flat_map_nil _ _ T0 s ltac:(apply in_seq; lia)) as H0. cbv beta in H0.
  rewrite HS in H0. destruct (agsem p (sagent p s)) as [S'|]; [|discriminate].
  destruct (Nat.eqb S S') eqn:E; [apply Nat.eqb_eq in E; subst; auto|discriminate].
Qed.

Lemma table_distinct F1 F2 S : (F1 < nagents p)%nat -> (F2 < nagents p)%nat ->
  agsem p F1 = Some S -> agsem p F2 = Some S -> F1 = F2.
Proof.
  intros H1 H2 E1 E2. pose proof Ht as H. split_tables' H.
  pose proof (flat_map_nil _ _ T1 F1 ltac:(apply in_seq; lia)) as H0. cbv beta in H0.
  pose proof (flat_map_nil _ _ H0 F2 ltac:(apply in_seq; lia)) as H3. cbv beta in H3.
  rewrite E1, E2, Nat.eqb_refl, andb_true_r in H3.
  destruct (Nat.eqb F1 F2) eqn:E; [apply Nat.eqb_eq; auto|discriminate].
Qed.

Lemma table_agent s : (s < nsites p)%nat -> (sagent p s < nagents p)%nat.
Proof.
  intros Hs. pose proof Ht as H. split_tables' H.
  pose proof (flat_map_nil _ _ T7 s ltac:(apply in_seq; lia)) as H0. cbv beta in H0.
  destruct (Nat.ltb (sagent p s) (nagents p)) eqn:E; [apply Nat.ltb_lt; auto|discriminate].
Qed.

Lemma table_conflict_sem c s : (c < nsites p)%nat -> (s < nsites p)%nat ->
  sagent p s <> sagent p c -> conf p c s = true -> isprod p s = true.
Proof.
  intros Hc Hs Hne Hcf. pose proof Ht as H. split_tables' H.
  pose proof (flat_map_nil _ _ T5 c ltac:(apply in_seq; lia)) as H0. cbv beta in H0.
  pose proof (flat_map_nil _ _ H0 s ltac:(apply in_seq; lia)) as H3. cbv beta in H3.
  apply app_eq_nil in H3 as [H3 _].
  rewrite (proj2 (Nat.eqb_neq _ _) Hne), Hcf in H3. cbn [negb andb] in H3.
  destruct (isprod p s); [auto|discriminate].
Qed.

Lemma table_engine s1 s2 : (s1 < nsites p)%nat -> (s2 < nsites p)%nat ->
  sagent p s1 = sagent p s2 -> sengine p s1 = sengine p s2.
Proof.
  intros H1 H2 Ha. pose proof Ht as H. split_tables' H.
  pose proof (flat_map_nil _ _ T5 s2 ltac:(apply in_seq; lia)) as H0. cbv beta in H0.
  pose proof (flat_map_nil _ _ H0 s1 ltac:(apply in_seq; lia)) as H3. cbv beta in H3.
  apply app_eq_nil in H3 as [_ H3]. rewrite Ha, Nat.eqb_refl in H3. cbn [andb] in H3.
  destruct (Nat.eqb (sengine p s1) (sengine p s2)) eqn:E; [apply Nat.eqb_eq; auto|discriminate].
Qed.

End Tables.

Lemma check_tables_of p pr : check p pr = [] -> check_tables p = [].
Proof. unfold check, check_with. intros H. apply app_eq_nil in H as [H _]. auto. Qed.

(** ** The machine *)

Section Machine.
Variable p : prog.
Variable orc : nat -> nat -> Z.
Variable tr : list instr.
Hypothesis tr_reach : exists b i, reach p b i (rev tr).
(** The program passed the validator's soundness checks, with the
    happens-before facts [hinv] (Transitive.v): [check_t]. With no such
    facts that is the soundness check [check p false]. *)
Variable hinv : list (nat * hfacts).
Variable hcands : hfacts.
Hypothesis accepted : check_t p (invariant p) hinv hcands = [].

Definition owner (x : instr) : option nat :=
  match x with ISite s => Some (sengine p s) | IWait e _ _ _ => Some e | _ => None end.
Definition owned (E n : nat) : bool :=
  match at_ tr n with
  | Some x => match owner x with Some E' => Nat.eqb E' E | None => false end
  | None => false
  end.
Definition site_at (n : nat) : option nat :=
  match at_ tr n with Some (ISite s) => Some s | _ => None end.

(** A state: how far each engine got in [tr], which sites completed. *)
Record state : Type := mkstate { pc : nat -> nat; done : nat -> bool }.

Definition issem (sm i : nat) : bool :=
  match site_at i with
  | Some s => match ssem p s with Some x => Nat.eqb x sm | None => false end
  | None => false
  end.
(** A semaphore's value: its completed increments. *)
Definition semv (st : state) (sm : nat) : Z := Z.of_nat (count (fun i => done st i && issem sm i) (len tr)).

Definition started (st : state) (n : nat) : Prop :=
  match site_at n with Some s => (n < pc st (sengine p s))%nat | None => False end.

Inductive step : state -> state -> Prop :=
| step_exec : forall st E n,
    (pc st E <= n < len tr)%nat -> owned E n = true ->
    (forall m, (pc st E <= m < n)%nat -> owned E m = false) ->
    (forall e sm r k, at_ tr n = Some (IWait e sm r k) ->
       wait_ok (semv st sm) (regv orc r (hist tr n) + k) = true) ->
    step st (mkstate (fun E' => if Nat.eqb E' E then S n else pc st E') (done st))
| step_complete : forall st n s,
    site_at n = Some s -> (n < pc st (sengine p s))%nat -> done st n = false ->
    (forall m s', (m < n)%nat -> site_at m = Some s' -> sagent p s' = sagent p s -> done st m = true) ->
    step st (mkstate (pc st) (fun m => if Nat.eqb m n then true else done st m)).

Definition init : state := mkstate (fun _ => 0%nat) (fun _ => false).

Inductive star : state -> state -> Prop :=
| star_refl st : star st st
| star_step st1 st2 st3 : star st1 st2 -> step st2 st3 -> star st1 st3.

(** Facts about the run. *)
Lemma site_at_lt n s : site_at n = Some s -> (n < len tr)%nat.
Proof.
  unfold site_at, at_, len. intros H. apply nth_error_Some. destruct (nth_error tr n); congruence.
Qed.

Lemma site_at_nsites n s : site_at n = Some s -> (s < nsites p)%nat.
Proof.
  intros H. unfold site_at, at_ in H. destruct (nth_error tr n) as [x|] eqn:Ex; [|discriminate].
  destruct x; try discriminate. injection H as ->.
  destruct (at_reach p tr tr_reach n _ Ex) as (b & i & Hr & Hn).
  destruct (invariant_t p orc _ _ _ accepted _ _ _ Hr) as (Hb & _ & _ & _).
  apply (tables_sites p (check_t_tables p _ _ _ accepted) b s Hb). eapply nth_error_In; eauto.
Qed.

Lemma count_le f n : (count f n <= n)%nat.
Proof.
  induction n as [|n IH]; [unfold count; simpl; lia|]. rewrite count_S. destruct (f n); lia.
Qed.

Lemma semv_bounds st sm : 0 <= semv st sm <= Z.of_nat (len tr).
Proof. unfold semv. pose proof (count_le (fun i => done st i && issem sm i) (len tr)). lia. Qed.

(** The 2^31 bound. Every semaphore is incremented fewer than 2^31 times in
    a run ([sem_bound]: the simulator stops with an error before a
    semaphore passes 2^31 - 1), and every wait asks for more than the final
    value of its semaphore minus 2^31 ([wait_floor]: the pass's waits ask
    for a count minus a small offset). Safety needs only the first: a wait
    never asks for more than its agent's count ([validated_waits_t]), so a
    passed wait compares correctly ([wait_ok_sound]). Deadlock freedom needs
    both: then every comparison is within 2^31 ([wait_range]). *)
Definition sem_total (sm : nat) : Z := Z.of_nat (count (issem sm) (len tr)).
Hypothesis sem_bound : forall sm, sem_total sm < 2 ^ 31.
Hypothesis wait_floor : forall n e sm r k, at_ tr n = Some (IWait e sm r k) ->
  sem_total sm - 2 ^ 31 < regv orc r (hist tr n) + k.

Lemma semv_total st sm : semv st sm <= sem_total sm.
Proof.
  unfold semv, sem_total. apply Nat2Z.inj_le. apply count_mono.
  intros i _ H. apply andb_true_iff in H as [_ H]. exact H.
Qed.

(** A wait asks for at most the increments of its semaphore before it. *)
Lemma wait_le_count n e sm r k : at_ tr n = Some (IWait e sm r k) ->
  regv orc r (hist tr n) + k <= Z.of_nat (count (issem sm) n).
Proof.
  intros Hw. pose proof (check_t_tables p _ _ _ accepted) as Ht.
  assert (Hxn : nth_error tr n = Some (IWait e sm r k)) by exact Hw.
  assert (Hn : (n < len tr)%nat) by (unfold len; apply nth_error_Some; congruence).
  destruct (at_reach p tr tr_reach n _ Hxn) as (b & i & Hreach & Hnth).
  pose proof (validated_waits_t p orc _ _ _ accepted b i _ e sm r k Hreach Hnth) as Hv.
  destruct (semag p sm) as [F|] eqn:Hsg; [|lia].
  rewrite (cnt_hist p tr F n ltac:(lia)) in Hv.
  assert (HaF : agsem p F = Some sm).
  { unfold semag in Hsg. apply find_some in Hsg as [_ Hf].
    destruct (agsem p F) as [x0|]; [apply Nat.eqb_eq in Hf; subst; auto|discriminate]. }
  assert (Hpc : (count (prod_at p tr F) n <= count (issem sm) n)%nat).
  { apply count_mono. intros i' Hi' Hpr. unfold prod_at in Hpr. unfold issem, site_at.
    destruct (at_ tr i') as [[s'| | | | |]|] eqn:Hxi; try discriminate.
    cbn [producer_of] in Hpr. apply andb_true_iff in Hpr as [Ha Hsem].
    apply Nat.eqb_eq in Ha. destruct (ssem p s') as [S'|] eqn:HS'; [|discriminate].
    assert (Hs'n : (s' < nsites p)%nat) by (apply (site_at_nsites i'); unfold site_at; rewrite Hxi; auto).
    pose proof (table_sem p Ht s' S' Hs'n HS') as Ha'. rewrite Ha, HaF in Ha'.
    injection Ha' as ->. apply Nat.eqb_refl. }
  lia.
Qed.

Lemma wait_range_low st n e sm r k : at_ tr n = Some (IWait e sm r k) ->
  - 2 ^ 31 <= semv st sm - (regv orc r (hist tr n) + k).
Proof.
  intros Hw. pose proof (wait_le_count n e sm r k Hw) as H1.
  assert (Hn : (n <= len tr)%nat).
  { assert (nth_error tr n <> None) by (unfold at_ in Hw; congruence).
    apply nth_error_Some in H. unfold len. lia. }
  pose proof (count_le_n (issem sm) n (len tr) Hn) as H2.
  pose proof (sem_bound sm) as H3. unfold sem_total in H3. pose proof (semv_bounds st sm). lia.
Qed.

Lemma wait_range st n e sm r k : at_ tr n = Some (IWait e sm r k) ->
  - 2 ^ 31 <= semv st sm - (regv orc r (hist tr n) + k) < 2 ^ 31.
Proof.
  intros Hw. split; [apply (wait_range_low st n e sm r k Hw)|].
  pose proof (wait_floor n e sm r k Hw). pose proof (semv_total st sm). lia.
Qed.

Lemma guar_cons E sm x h :
  guar orc E sm (x :: h) =
  match x with
  | IWait e sm0 r k => if Nat.eqb E e && Nat.eqb sm sm0 then Z.max (guar orc E sm h) (regv orc r h + k)
                       else guar orc E sm h
  | _ => guar orc E sm h
  end.
Proof. destruct x; reflexivity. Qed.

Lemma guar_skip E sm a b : (a <= b <= len tr)%nat -> (forall m, (a <= m < b)%nat -> owned E m = false) ->
  guar orc E sm (hist tr b) = guar orc E sm (hist tr a).
Proof.
  induction b as [|b IH]; intros Hab Hno; [replace a with 0%nat by lia; auto|].
  destruct (Nat.eq_dec a (S b)) as [->|Hne]; auto.
  destruct (nth_error tr b) as [x|] eqn:Ex; [|apply nth_error_None in Ex; unfold len in Hab; lia].
  rewrite (hist_S tr _ _ Ex), guar_cons.
  assert (Hx : match x with IWait e _ _ _ => e <> E | _ => True end).
  { specialize (Hno b ltac:(lia)). unfold owned, at_ in Hno. rewrite Ex in Hno.
    destruct x; auto. cbn [owner] in Hno. apply Nat.eqb_neq; auto. }
  rewrite <- (IH ltac:(lia) ltac:(intros; apply Hno; lia)).
  destruct x; auto. rewrite (proj2 (Nat.eqb_neq E e)) by auto. reflexivity.
Qed.

Lemma guar_mono_hist E sm a b : (a <= b <= len tr)%nat -> guar orc E sm (hist tr a) <= guar orc E sm (hist tr b).
Proof.
  induction b as [|b IH]; intros Hab; [replace a with 0%nat by lia; lia|].
  destruct (Nat.eq_dec a (S b)) as [->|Hne]; [lia|].
  destruct (nth_error tr b) as [x|] eqn:Ex; [|apply nth_error_None in Ex; unfold len in Hab; lia].
  rewrite (hist_S tr _ _ Ex), guar_cons. specialize (IH ltac:(lia)).
  destruct x; try lia. destruct (Nat.eqb E e && Nat.eqb sm sm0); lia.
Qed.

(** The invariant of every reachable state. *)
Record inv (st : state) : Prop := {
  inv_pc : forall E, (pc st E <= len tr)%nat;
  inv_done : forall n, done st n = true ->
    exists s, site_at n = Some s /\ (n < pc st (sengine p s))%nat /\
      forall m s', (m < n)%nat -> site_at m = Some s' -> sagent p s' = sagent p s -> done st m = true;
  inv_guar : forall E sm, guar orc E sm (hist tr (pc st E)) <= semv st sm
}.

Lemma semv_mono st sm pc' (d' : nat -> bool) :
  (forall i, done st i = true -> d' i = true) -> semv st sm <= semv (mkstate pc' d') sm.
Proof.
  intros H. unfold semv. cbn [done]. apply Nat2Z.inj_le. apply count_mono.
  intros i _ Hi. apply andb_true_iff in Hi as [H1 H2]. rewrite (H i H1), H2; auto.
Qed.

Lemma inv_init : inv init.
Proof.
  constructor; cbn [pc done init].
  - intros; lia.
  - discriminate.
  - intros E sm. unfold hist. simpl. unfold semv. lia.
Qed.

Lemma inv_step st st' : inv st -> step st st' -> inv st'.
Proof.
  intros Hi Hs. destruct Hs as [st E n Hn Hown Hfirst Hwait|st n s Hsite Hst Hnd Hord].
  - constructor; cbn [pc done].
    + intros E'. destruct (Nat.eqb E' E); [lia|apply (inv_pc _ Hi)].
    + intros n' Hd. destruct (inv_done _ Hi n' Hd) as (s & Hs & Hlt & Hord). exists s; repeat split; auto.
      destruct (Nat.eqb (sengine p s) E) eqn:Es; [apply Nat.eqb_eq in Es; rewrite Es in Hlt; lia|lia].
    + intros E' sm. destruct (Nat.eqb E' E) eqn:EE; [|exact (inv_guar _ Hi E' sm)].
      apply Nat.eqb_eq in EE; subst E'.
      assert (Hpc : (pc st E <= len tr)%nat) by apply (inv_pc _ Hi).
      pose proof (inv_guar _ Hi E sm) as Hg.
      rewrite <- (guar_skip E sm (pc st E) n) in Hg by (auto; lia).
      assert (Hsv : semv (mkstate (fun E' => if Nat.eqb E' E then S n else pc st E') (done st)) sm = semv st sm)
        by reflexivity.
      rewrite Hsv. clear Hsv.
      destruct (nth_error tr n) as [x|] eqn:Ex; [|apply nth_error_None in Ex; unfold len in Hn; lia].
      rewrite (hist_S tr _ _ Ex), guar_cons.
      destruct x; try exact Hg.
      destruct (Nat.eqb E e && Nat.eqb sm sm0) eqn:Ew; [|exact Hg].
      apply andb_true_iff in Ew as [E1 E2]. apply Nat.eqb_eq in E1; apply Nat.eqb_eq in E2; subst e sm0.
      specialize (Hwait E sm r k Ex).
      apply wait_ok_sound in Hwait; [lia|apply (wait_range_low st n E sm r k Ex)].
  - constructor; cbn [pc done].
    + apply (inv_pc _ Hi).
    + intros n' Hd. destruct (Nat.eqb n' n) eqn:En.
      * apply Nat.eqb_eq in En; subst n'. exists s; repeat split; auto.
        intros m s' Hm Hs' Ha. rewrite (proj2 (Nat.eqb_neq m n)) by lia. eapply Hord; eauto.
      * destruct (inv_done _ Hi n' Hd) as (s' & Hs' & Hlt & Hord'). exists s'; repeat split; auto.
        intros m s'' Hm Hs'' Ha. rewrite (Hord' m s'' Hm Hs'' Ha). destruct (Nat.eqb m n); auto.
    + intros E sm. eapply Z.le_trans; [apply (inv_guar _ Hi E sm)|].
      apply semv_mono. intros i Hd. rewrite Hd. destruct (Nat.eqb i n); auto.
Qed.

Lemma inv_star st : star init st -> inv st.
Proof.
  intros H. remember init as s0 eqn:E.
  induction H as [st|st1 st2 st3 H IH Hs]; subst; [apply inv_init|eapply inv_step; eauto].
Qed.

(** ** Safety *)

(** A producer instance whose count its semaphore has reached has
    completed: only its agent increments the semaphore, in program order. *)
Lemma done_of_count st j x F Sm : inv st -> site_at j = Some x -> sagent p x = F -> ssem p x = Some Sm ->
  cnt p F (hist tr (S j)) <= semv st Sm -> done st j = true.
Proof.
  intros Hi Hsitej HFj HS HT.
  pose proof (check_t_tables p _ _ _ accepted) as Ht.
  assert (Hxn : (x < nsites p)%nat) by (eapply site_at_nsites; eauto).
  assert (HaS : agsem p F = Some Sm) by (rewrite <- HFj; apply (table_sem p Ht x Sm Hxn HS)).
  assert (HF : (F < nagents p)%nat) by (rewrite <- HFj; apply (table_agent p Ht x Hxn)).
  assert (Hjlen : (j < len tr)%nat) by (apply (site_at_lt j x); auto).
  destruct (done st j) eqn:Ed; auto. exfalso.
  assert (Hsem : (count (fun i => done st i && issem Sm i) (len tr) <= count (prod_at p tr F) j)%nat).
  { rewrite (count_upto _ (len tr) j); [|intros i' Hi' Hd|lia].
    - apply count_mono. intros i' Hi' Hd. apply andb_true_iff in Hd as [_ Hsm].
      unfold issem in Hsm. destruct (site_at i') as [s'|] eqn:Hs'; [|discriminate].
      destruct (ssem p s') as [Sm'|] eqn:HS'; [|discriminate]. apply Nat.eqb_eq in Hsm; subst Sm'.
      assert (Hs'n : (s' < nsites p)%nat) by (eapply site_at_nsites; eauto).
      pose proof (table_sem p Ht s' Sm Hs'n HS') as Ha'.
      pose proof (table_distinct p Ht _ _ Sm (table_agent p Ht s' Hs'n) HF Ha' HaS) as HFs.
      unfold prod_at. unfold site_at in Hs'. destruct (at_ tr i') as [[]|]; try discriminate.
      injection Hs' as ->. cbn [producer_of]. rewrite HFs, Nat.eqb_refl, HS'. auto.
    - apply andb_true_iff in Hd as [Hd Hsm].
      unfold issem in Hsm. destruct (site_at i') as [s'|] eqn:Hs'; [|discriminate].
      destruct (ssem p s') as [Sm'|] eqn:HS'; [|discriminate]. apply Nat.eqb_eq in Hsm; subst Sm'.
      assert (Hs'n : (s' < nsites p)%nat) by (eapply site_at_nsites; eauto).
      pose proof (table_sem p Ht s' Sm Hs'n HS') as Ha'.
      pose proof (table_distinct p Ht _ _ Sm (table_agent p Ht s' Hs'n) HF Ha' HaS) as HFs.
      destruct (Nat.lt_total i' j) as [|[->|Hgt]]; auto; [congruence|].
      destruct (inv_done _ Hi i' Hd) as (s'' & Hs'' & _ & Hord). rewrite Hs' in Hs''. injection Hs'' as <-.
      rewrite (Hord j x Hgt Hsitej ltac:(congruence)) in Ed. discriminate. }
  assert (Hpj : prod_at p tr F j = true).
  { unfold prod_at. unfold site_at in Hsitej. destruct (at_ tr j) as [[]|]; try discriminate.
    injection Hsitej as ->. cbn [producer_of]. rewrite HFj, Nat.eqb_refl, HS. auto. }
  rewrite (cnt_hist p tr F (S j) ltac:(lia)), count_S, Hpj in HT. unfold semv in HT. lia.
Qed.

Lemma guar_le_semv st E sm n : inv st -> (n <= pc st E)%nat -> guar orc E sm (hist tr n) <= semv st sm.
Proof.
  intros Hi Hn. eapply Z.le_trans; [|apply (inv_guar _ Hi)].
  apply guar_mono_hist. split; [lia|apply (inv_pc _ Hi)].
Qed.

Lemma hist_split n h1 x h0 : (n <= len tr)%nat -> hist tr n = h1 ++ x :: h0 ->
  (length h0 < n)%nat /\ at_ tr (length h0) = Some x /\ hist tr (length h0) = h0.
Proof.
  intros Hn Hh. unfold hist in Hh.
  assert (Hf : firstn n tr = rev h0 ++ x :: rev h1).
  { rewrite <- (rev_involutive (firstn n tr)), Hh, rev_app_distr. simpl. rewrite <- app_assoc. reflexivity. }
  assert (Hl : length (firstn n tr) = n) by (rewrite firstn_length; unfold len in Hn; lia).
  rewrite Hf, app_length, rev_length in Hl. simpl in Hl. rewrite rev_length in Hl.
  split; [lia|]. split.
  - unfold at_. rewrite <- (firstn_skipn n tr), nth_error_app1 by (rewrite firstn_length; unfold len in Hn; lia).
    rewrite Hf, nth_error_app2 by (rewrite rev_length; lia). rewrite rev_length, Nat.sub_diag. reflexivity.
  - unfold hist. replace (firstn (length h0) tr) with (firstn (length h0) (firstn n tr)).
    + rewrite Hf, firstn_app, rev_length, Nat.sub_diag, firstn_all2 by (rewrite rev_length; lia).
      simpl. rewrite app_nil_r, rev_involutive. reflexivity.
    + rewrite firstn_firstn. f_equal. lia.
Qed.

(** A chain through another agent G: engine E has waited on G's semaphore
    for a tracked set qG of producers of G, at a position n it has passed.
    Then the latest instance of qG has completed, so it has started, so its
    engine had passed its waits, and what they asked for on S has
    completed. *)
Lemma chain_le st n E qG SG S : inv st -> (n <= pc st E)%nat -> (n <= len tr)%nat ->
  qprod p qG = true -> agsem p (pagent p qG) = Some SG ->
  bval p (BV qG) (hist tr n) <= guar orc E SG (hist tr n) ->
  gb p orc qG S (hist tr n) <= semv st S.
Proof.
  intros Hi Hn Hlen Hq HSG Hb.
  pose proof (check_t_tables p _ _ _ accepted) as Ht.
  destruct (gb_latest p orc qG S (pagent p qG) (hist tr n)) as [[_ H0]|(h1 & x & h0 & Hh & Hx & Hv & Hg)].
  - rewrite H0. apply semv_bounds.
  - destruct (hist_split n h1 (ISite x) h0 Hlen Hh) as (Hj & Hat & Hh0).
    assert (Hsx : site_at (length h0) = Some x) by (unfold site_at; rewrite Hat; reflexivity).
    assert (Hxn : (x < nsites p)%nat) by (eapply site_at_nsites; eauto).
    unfold qprod in Hq. rewrite forallb_forall in Hq. specialize (Hq x ltac:(apply in_seq; lia)).
    rewrite Hx in Hq. cbn [negb orb] in Hq. apply andb_true_iff in Hq as [HG Hp]. apply Nat.eqb_eq in HG.
    unfold isprod in Hp. destruct (ssem p x) as [Sx|] eqn:HSx; [|discriminate].
    assert (HSe : Sx = SG) by (pose proof (table_sem p Ht x Sx Hxn HSx) as Hs; rewrite HG in Hs; congruence).
    subst Sx.
    assert (Hd : done st (length h0) = true).
    { apply (done_of_count st (length h0) x (pagent p qG) SG Hi Hsx HG HSx).
      cbn [bval] in Hb. rewrite Hv in Hb. rewrite <- Hh0 in Hb.
      rewrite <- (hist_S tr (length h0) (ISite x) Hat) in Hb.
      pose proof (guar_le_semv st E SG n Hi Hn). lia. }
    destruct (inv_done _ Hi _ Hd) as (s' & Hs' & Hlt & _). rewrite Hsx in Hs'. injection Hs' as <-.
    rewrite Hg, <- Hh0. apply (guar_le_semv st (sengine p x) S (length h0) Hi). lia.
Qed.

Theorem safety st : star init st ->
  forall n c, site_at n = Some c -> started st n ->
  forall m s, (m < n)%nat -> site_at m = Some s -> sagent p s <> sagent p c -> conf p c s = true ->
  done st m = true.
Proof.
  intros Hr n c Hc Hstart m s Hm Hs Hne Hcf.
  pose proof (inv_star _ Hr) as Hi.
  pose proof (check_t_tables p _ _ _ accepted) as Ht.
  unfold started in Hstart. rewrite Hc in Hstart.
  set (E := sengine p c) in *. set (F := sagent p s) in *.
  assert (Hcn : (c < nsites p)%nat) by (eapply site_at_nsites; eauto).
  assert (Hsn : (s < nsites p)%nat) by (eapply site_at_nsites; eauto).
  assert (HF : (F < nagents p)%nat) by exact (table_agent p Ht s Hsn).
  assert (Hprod : isprod p s = true) by exact (table_conflict_sem p Ht c s Hcn Hsn Hne Hcf).
  unfold isprod in Hprod. destruct (ssem p s) as [Sm|] eqn:HS; [|discriminate].
  pose proof (table_sem p Ht s Sm Hsn HS) as HaS. fold F in HaS.
  assert (Hx : nth_error tr n = Some (ISite c)).
  { unfold site_at, at_ in Hc. destruct (nth_error tr n) as [[]|]; congruence. }
  destruct (at_reach p tr tr_reach n _ Hx) as (b & i & Hreach & Hnth).
  assert (Hlen : (n <= len tr)%nat) by (pose proof (site_at_lt _ _ Hc); lia).
  (* what the consumer's engine is ordered after covers T(c, F): directly,
     or through another agent *)
  assert (HT : T p c F (hist tr n) <= semv st Sm).
  { destruct (validated_ordered p orc _ _ _ accepted b i _ c Hreach Hnth F Sm HF Hne HaS) as [Hok Hcov].
    apply T_le; [exact Hok|apply semv_bounds|].
    intros s' Hs'. destruct (Hcov s' Hs') as (q & Hq & Hmq & [Hd|(qG & SG & HSG & Hqp & HbG & Hbq)]).
    - exists q; split; [exact Hq|]; split; [exact Hmq|]. eapply Z.le_trans; [exact Hd|].
      apply (guar_le_semv st E Sm n Hi). lia.
    - exists q; split; [exact Hq|]; split; [exact Hmq|]. eapply Z.le_trans; [exact Hbq|].
      apply (chain_le st n E qG SG Sm Hi); auto; lia. }
  (* the latest conflicting instance of F before n *)
  destruct (vlast_hist p tr (confset p c F) F n Hlen) as [[_ Hnone]|(j & sj & Hj & Hatj & Hpj & Hlat & Hv)].
  - exfalso. assert (Hat : at_ tr m = Some (ISite s)).
    { unfold site_at in Hs. destruct (at_ tr m) as [[]|]; congruence. }
    specialize (Hnone m s Hm Hat). unfold confset in Hnone.
    rewrite (proj2 (Nat.ltb_lt _ _) Hsn), Nat.eqb_refl, Hcf in Hnone. discriminate.
  - assert (Hsitej : site_at j = Some sj) by (unfold site_at; rewrite Hatj; auto).
    unfold confset in Hpj. apply andb_true_iff in Hpj as [Hpj Hcfj]. apply andb_true_iff in Hpj as [Hsjn HFj].
    apply Nat.ltb_lt in Hsjn. apply Nat.eqb_eq in HFj.
    assert (Hmj : (m <= j)%nat).
    { destruct (Nat.le_gt_cases m j) as [|Hgt]; auto. exfalso.
      assert (Hat : at_ tr m = Some (ISite s)) by (unfold site_at in Hs; destruct (at_ tr m) as [[]|]; congruence).
      specialize (Hlat m s ltac:(lia) Hat). unfold confset in Hlat.
      rewrite (proj2 (Nat.ltb_lt _ _) Hsn), Nat.eqb_refl, Hcf in Hlat. discriminate. }
    assert (Hdj : done st j = true).
    { assert (Hne' : sagent p sj <> sagent p c) by congruence.
      pose proof (table_conflict_sem p Ht c sj Hcn Hsjn Hne' Hcfj) as Hp. unfold isprod in Hp.
      destruct (ssem p sj) as [Sj|] eqn:HSj; [|discriminate].
      assert (Sj = Sm) by (pose proof (table_sem p Ht sj Sj Hsjn HSj) as Ha; rewrite HFj in Ha; congruence).
      subst Sj. apply (done_of_count st j sj F Sm Hi Hsitej HFj HSj).
      unfold T in HT. rewrite Hv in HT. exact HT. }
    destruct (Nat.eq_dec m j) as [->|Hmj']; auto.
    destruct (inv_done _ Hi j Hdj) as (s'' & Hs'' & _ & Hord). rewrite Hsitej in Hs''. injection Hs'' as <-.
    apply (Hord m s ltac:(lia) Hs). rewrite HFj. reflexivity.
Qed.

(** ** Deadlock freedom *)

Lemma find_seq_min (f : nat -> bool) a k x : find f (seq a k) = Some x ->
  f x = true /\ (a <= x < a + k)%nat /\ forall y, (a <= y < x)%nat -> f y = false.
Proof.
  revert a; induction k as [|k IH]; intros a H; [discriminate|].
  cbn [seq find] in H. destruct (f a) eqn:E.
  - injection H as <-. repeat split; auto; [lia|intros; lia].
  - destruct (IH (S a) H) as (Hx & Hr & Hmin). repeat split; auto; [lia|lia|].
    intros y Hy. destruct (Nat.eq_dec y a) as [->|]; auto. apply Hmin; lia.
Qed.

Lemma find_seq_none (f : nat -> bool) a k : find f (seq a k) = None ->
  forall y, (a <= y < a + k)%nat -> f y = false.
Proof.
  revert a; induction k as [|k IH]; intros a H y Hy; [lia|].
  cbn [seq find] in H. destruct (f a) eqn:E; [discriminate|].
  destruct (Nat.eq_dec y a) as [->|]; auto. apply (IH (S a)); auto; lia.
Qed.

Definition final (st : state) : Prop :=
  (forall n E, owned E n = true -> (n < pc st E)%nat) /\
  (forall n s, site_at n = Some s -> done st n = true).

Definition pending (st : state) (n : nat) : bool :=
  match site_at n with Some s => Nat.ltb n (pc st (sengine p s)) && negb (done st n) | None => false end.
Definition unpassed (st : state) (n : nat) : bool :=
  match at_ tr n with
  | Some x => match owner x with Some E => negb (Nat.ltb n (pc st E)) | None => false end
  | None => false
  end.

Lemma at_none_len n : (len tr <= n)%nat -> at_ tr n = None.
Proof. intros H. unfold at_. apply nth_error_None. unfold len in H; lia. Qed.

Lemma owned_lt E n : owned E n = true -> (n < len tr)%nat.
Proof.
  intros H. destruct (Nat.lt_ge_cases n (len tr)) as [|Hge]; auto.
  unfold owned in H. rewrite (at_none_len n Hge) in H. discriminate.
Qed.

(** A reachable state is final or can step: no deadlock. *)
Theorem progress st : star init st -> final st \/ exists st', step st st'.
Proof.
  intros Hr. pose proof (inv_star _ Hr) as Hi.
  pose proof (check_t_tables p _ _ _ accepted) as Ht.
  destruct (find (pending st) (seq 0 (len tr))) as [n|] eqn:Fp.
  - (* the earliest issued, uncompleted site can complete *)
    right. destruct (find_seq_min _ _ _ _ Fp) as (Hp & Hn & Hmin).
    unfold pending in Hp. destruct (site_at n) as [s|] eqn:Hs; [|discriminate].
    apply andb_true_iff in Hp as [Hlt Hnd]. apply Nat.ltb_lt in Hlt. apply negb_true_iff in Hnd.
    eexists. apply (step_complete st n s Hs Hlt Hnd).
    intros m s' Hm Hs' Ha.
    assert (He : sengine p s' = sengine p s)
      by (apply (table_engine p Ht); [eapply site_at_nsites; eauto|eapply site_at_nsites; eauto|auto]).
    specialize (Hmin m ltac:(lia)). unfold pending in Hmin. rewrite Hs', He in Hmin.
    rewrite (proj2 (Nat.ltb_lt m _)) in Hmin by lia. cbn [andb] in Hmin.
    apply negb_false_iff in Hmin. auto.
  - destruct (find (unpassed st) (seq 0 (len tr))) as [n|] eqn:Fu.
    + (* the earliest instruction not executed yet by its engine can execute *)
      right. destruct (find_seq_min _ _ _ _ Fu) as (Hu & Hn & Hmin).
      unfold unpassed in Hu. destruct (at_ tr n) as [x|] eqn:Hx; [|discriminate].
      destruct (owner x) as [E|] eqn:Ho; [|discriminate].
      apply negb_true_iff, Nat.ltb_ge in Hu.
      assert (Hown : owned E n = true) by (unfold owned; rewrite Hx, Ho; apply Nat.eqb_refl).
      (* every site before n has completed *)
      assert (Hdone : forall i s, (i < n)%nat -> site_at i = Some s -> done st i = true).
      { intros i s Hi' Hs. specialize (Hmin i ltac:(lia)). unfold unpassed in Hmin.
        assert (Hxi : at_ tr i = Some (ISite s)) by (unfold site_at in Hs; destruct (at_ tr i) as [[]|]; congruence).
        rewrite Hxi in Hmin. cbn [owner] in Hmin. apply negb_false_iff, Nat.ltb_lt in Hmin.
        pose proof (find_seq_none _ _ _ Fp i ltac:(pose proof (site_at_lt _ _ Hs); lia)) as Hpi.
        unfold pending in Hpi. rewrite Hs, (proj2 (Nat.ltb_lt _ _) Hmin) in Hpi. cbn [andb] in Hpi.
        apply negb_false_iff in Hpi. auto. }
      eexists. apply (step_exec st E n); auto; [lia| |].
      * intros m Hm. destruct (owned E m) eqn:Em; auto. exfalso.
        specialize (Hmin m ltac:(lia)). unfold unpassed, owned in *. destruct (at_ tr m) as [y|]; [|discriminate].
        destruct (owner y) as [E'|]; [|discriminate]. apply Nat.eqb_eq in Em; subst E'.
        apply negb_false_iff, Nat.ltb_lt in Hmin. lia.
      * intros e sm r k Hw.
        assert (Hxn : nth_error tr n = Some (IWait e sm r k)) by exact Hw.
        destruct (at_reach p tr tr_reach n _ Hxn) as (b & i & Hreach & Hnth).
        pose proof (validated_waits_t p orc _ _ _ accepted b i _ e sm r k Hreach Hnth) as Hv.
        rewrite wait_ok_exact by (apply (wait_range st n e sm r k Hw)).
        apply Z.leb_le.
        assert (Hcs : (count (issem sm) n <= count (fun i => done st i && issem sm i) (len tr))%nat).
        { apply (Nat.le_trans _ (count (fun i => done st i && issem sm i) n)); [|apply count_le_n; lia].
          apply count_mono. intros i' Hi' Hsm. rewrite Hsm, andb_true_r.
          unfold issem in Hsm. destruct (site_at i') as [s'|] eqn:Hs'; [|discriminate]. eauto. }
        unfold semv. destruct (semag p sm) as [F|] eqn:Hsg.
        -- rewrite (cnt_hist p tr F n ltac:(lia)) in Hv.
           assert (HaF : agsem p F = Some sm).
           { unfold semag in Hsg. apply find_some in Hsg as [_ Hf].
             destruct (agsem p F) as [x0|]; [apply Nat.eqb_eq in Hf; subst; auto|discriminate]. }
           assert (Hpc : (count (prod_at p tr F) n <= count (issem sm) n)%nat).
           { apply count_mono. intros i' Hi' Hpr. unfold prod_at in Hpr. unfold issem, site_at.
             destruct (at_ tr i') as [[s'| | | | |]|] eqn:Hxi; try discriminate.
             cbn [producer_of] in Hpr. apply andb_true_iff in Hpr as [Ha Hsem].
             apply Nat.eqb_eq in Ha. destruct (ssem p s') as [S'|] eqn:HS'; [|discriminate].
             assert (Hs'n : (s' < nsites p)%nat) by (apply (site_at_nsites i'); unfold site_at; rewrite Hxi; auto).
             pose proof (table_sem p Ht s' S' Hs'n HS') as Ha'. rewrite Ha, HaF in Ha'.
             injection Ha' as ->. apply Nat.eqb_refl. }
           remember (count (prod_at p tr F) n) as c1. remember (count (issem sm) n) as c2.
           remember (count (fun i => done st i && issem sm i) (len tr)) as c3. lia.
        -- remember (count (fun i => done st i && issem sm i) (len tr)) as c3. lia.
    + (* nothing left to do *)
      left. split.
      * intros n E Hown. pose proof (owned_lt _ _ Hown) as Hlt.
        pose proof (find_seq_none _ _ _ Fu n ltac:(lia)) as Hu. unfold unpassed, owned in *.
        destruct (at_ tr n) as [x|]; [|discriminate]. destruct (owner x) as [E'|]; [|discriminate].
        apply Nat.eqb_eq in Hown; subst. apply negb_false_iff, Nat.ltb_lt in Hu. auto.
      * intros n s Hs. pose proof (site_at_lt _ _ Hs) as Hlt.
        pose proof (find_seq_none _ _ _ Fu n ltac:(lia)) as Hu.
        pose proof (find_seq_none _ _ _ Fp n ltac:(lia)) as Hp.
        unfold unpassed, pending in *. rewrite Hs in Hp.
        assert (Hxn : at_ tr n = Some (ISite s)) by (unfold site_at in Hs; destruct (at_ tr n) as [[]|]; congruence).
        rewrite Hxn in Hu. cbn [owner] in Hu. apply negb_false_iff, Nat.ltb_lt in Hu.
        rewrite (proj2 (Nat.ltb_lt _ _) Hu) in Hp. cbn [andb] in Hp. apply negb_false_iff in Hp. auto.
Qed.

(** Every step makes progress on a measure bounded by twice the length of
    the run: every interleaving is finite, so (by [progress]) every maximal
    one ends in a final state: every wait passed, every site completed. *)
Definition passed (st : state) (n : nat) : bool :=
  match at_ tr n with
  | Some x => match owner x with Some E => Nat.ltb n (pc st E) | None => false end
  | None => false
  end.
Definition measure (st : state) : nat := (count (passed st) (len tr) + count (done st) (len tr))%nat.

Lemma count_strict f g l k : (forall i, (i < l)%nat -> f i = true -> g i = true) ->
  (k < l)%nat -> f k = false -> g k = true -> (count f l < count g l)%nat.
Proof.
  induction l as [|l IH]; intros H Hk Hf Hg; [lia|].
  rewrite !count_S. destruct (Nat.eq_dec k l) as [->|Hne].
  - rewrite Hf, Hg. pose proof (count_mono f g l ltac:(intros; apply H; auto; lia)). lia.
  - specialize (IH ltac:(intros; apply H; auto; lia) ltac:(lia) Hf Hg).
    destruct (f l) eqn:E; [rewrite (H l ltac:(lia) E)|destruct (g l)]; lia.
Qed.

Theorem measure_step st st' : inv st -> step st st' -> (measure st < measure st')%nat.
Proof.
  intros Hi Hs. destruct Hs as [st E n Hn Hown Hfirst Hwait|st n s Hsite Hst Hnd Hord]; unfold measure; cbn [pc done].
  - assert (Hlt : (count (passed st) (len tr) <
                   count (passed (mkstate (fun E' => if Nat.eqb E' E then S n else pc st E') (done st))) (len tr))%nat).
    { apply (count_strict _ _ _ n); [|lia| |].
      - intros i Hi' Hp. unfold passed in *. cbn [pc]. destruct (at_ tr i) as [x|]; auto.
        destruct (owner x) as [E'|]; auto. apply Nat.ltb_lt in Hp. apply Nat.ltb_lt.
        destruct (Nat.eqb E' E) eqn:EE; [apply Nat.eqb_eq in EE; subst; lia|lia].
      - unfold passed, owned in *. destruct (at_ tr n) as [x|]; [|discriminate].
        destruct (owner x) as [E'|]; [|discriminate]. apply Nat.eqb_eq in Hown; subst.
        apply Nat.ltb_ge; lia.
      - unfold passed, owned in *. cbn [pc]. destruct (at_ tr n) as [x|]; [|discriminate].
        destruct (owner x) as [E'|]; [|discriminate]. rewrite Hown. apply Nat.ltb_lt; lia. }
    lia.
  - assert (Hlt : (count (done st) (len tr) <
                   count (done (mkstate (pc st) (fun m => if Nat.eqb m n then true else done st m))) (len tr))%nat).
    { apply (count_strict _ _ _ n); auto.
      - intros i _ Hd. cbn [done]. rewrite Hd. destruct (Nat.eqb i n); auto.
      - eapply site_at_lt; eauto.
      - cbn [done]. rewrite Nat.eqb_refl; auto. }
    assert (Hp : count (passed st) (len tr) = count (passed (mkstate (pc st) (fun m => if Nat.eqb m n then true else done st m))) (len tr))
      by reflexivity.
    cbn [pc done] in *. rewrite <- Hp.
    remember (count (passed st) (len tr)) as c1. remember (count (done st) (len tr)) as c2.
    remember (count (fun m => if Nat.eqb m n then true else done st m) (len tr)) as c3. lia.
Qed.

Theorem measure_bound st : (measure st <= 2 * len tr)%nat.
Proof. unfold measure. pose proof (count_le (passed st) (len tr)). pose proof (count_le (done st) (len tr)). lia. Qed.

Inductive stepn : nat -> state -> state -> Prop :=
| stepn0 st : stepn 0 st st
| stepnS k st1 st2 st3 : stepn k st1 st2 -> step st2 st3 -> stepn (S k) st1 st3.

(** Deadlock freedom: every interleaving has at most 2 |tr| steps, and one
    that cannot step is final (every wait satisfied, every site completed). *)
Theorem deadlock_free k st : stepn k init st ->
  (k <= 2 * len tr)%nat /\ ((forall st', ~ step st st') -> final st).
Proof.
  intros H.
  assert (Hrun : star init st /\ (k <= measure st)%nat).
  { remember init as s0 eqn:E. induction H as [st|k st1 st2 st3 H IH Hs]; subst.
    - split; [constructor|lia].
    - destruct (IH eq_refl) as [Hr Hk]. split; [econstructor; eauto|].
      pose proof (measure_step _ _ (inv_star _ Hr) Hs). lia. }
  destruct Hrun as [Hr Hk]. split.
  - pose proof (measure_bound st). lia.
  - intros Hno. destruct (progress st Hr) as [|(st' & Hs)]; auto. exfalso; eapply Hno; eauto.
Qed.

(** ** Memory: every run computes the sequential result *)

Section Memory.
(** What the sites do to memory, abstractly. *)
Variable M : Type.
Variable eff : nat -> M -> M.
Variable m0 : M.
(** The dependence analysis is sound: two instances on different agents
    whose sites do not conflict (the later one is not a consumer of the
    earlier one) commute. *)
Hypothesis commute : forall i j si sj, (i < j)%nat -> site_at i = Some si -> site_at j = Some sj ->
  sagent p si <> sagent p sj -> conf p sj si = false -> forall m, eff si (eff sj m) = eff sj (eff si m).

Definition apply_at (m : M) (n : nat) : M := match site_at n with Some s => eff s m | None => m end.
(** The memory after the sites of D, applied in program order. *)
Definition seqmem (D : nat -> bool) : M := fold_left apply_at (filter D (seq 0 (len tr))) m0.
(** The sequential program-order result (also the result of the barrier
    program, whose only schedule is program order). *)
Definition sequential : M :=
  fold_left apply_at (filter (fun n => match site_at n with Some _ => true | None => false end) (seq 0 (len tr))) m0.

(** Runs with their memory: a site's effect happens when it completes. *)
Inductive mrun : state -> M -> Prop :=
| mrun_init : mrun init m0
| mrun_exec st st' m : mrun st m -> step st st' -> (forall i, done st' i = done st i) -> mrun st' m
| mrun_complete st st' m n s : mrun st m -> step st st' -> site_at n = Some s ->
    done st n = false -> done st' n = true -> (forall i, i <> n -> done st' i = done st i) ->
    mrun st' (eff s m).

Lemma step_cases st st' : step st st' ->
  (forall i, done st' i = done st i) \/
  exists n s, site_at n = Some s /\ done st n = false /\ done st' n = true /\
              forall i, i <> n -> done st' i = done st i.
Proof.
  intros Hs. destruct Hs as [st E n Hn Hown Hfirst Hwait|st n s Hsite Hst Hnd Hord]; [left; auto|right].
  exists n, s; repeat split; auto; cbn [done]; [rewrite Nat.eqb_refl; auto|].
  intros i Hi. rewrite (proj2 (Nat.eqb_neq i n) Hi); auto.
Qed.

(** Every interleaving is a run with memory. *)
Lemma mrun_of_star st : star init st -> exists m, mrun st m.
Proof.
  intros H. remember init as s0 eqn:E. induction H as [st|st1 st2 st3 H IH Hs]; subst.
  - exists m0; constructor.
  - destruct (IH eq_refl) as (m & Hm). destruct (step_cases _ _ Hs) as [Hd|(n & s & Hsn & H1 & H2 & H3)].
    + exists m; eapply mrun_exec; eauto.
    + exists (eff s m); eapply mrun_complete; eauto.
Qed.

Lemma mrun_star st m : mrun st m -> star init st.
Proof. induction 1; try constructor; econstructor; eauto. Qed.

Lemma fold_commute (l : list nat) n x :
  (forall y, In y l -> forall m, apply_at (apply_at m y) n = apply_at (apply_at m n) y) ->
  fold_left apply_at l (apply_at x n) = apply_at (fold_left apply_at l x) n.
Proof.
  revert x; induction l as [|y l IH]; intros x H; simpl; auto.
  rewrite <- H by (left; auto). apply IH. intros; apply H; right; auto.
Qed.

Lemma filter_ext_lt (f g : nat -> bool) a k : (forall x, (a <= x < a + k)%nat -> f x = g x) ->
  filter f (seq a k) = filter g (seq a k).
Proof.
  revert a; induction k as [|k IH]; intros a H; simpl; auto.
  rewrite (H a ltac:(lia)), (IH (S a)) by (intros; apply H; lia). auto.
Qed.

Theorem memory_invariant st m : mrun st m -> m = seqmem (done st).
Proof.
  induction 1 as [|st st' m Hr IH Hs Hd|st st' m n s Hr IH Hs Hsn Hn0 Hn1 Hoth].
  - unfold seqmem. cbn [done init].
    assert (Hf : forall l, filter (fun _ : nat => false) l = []) by (induction l; simpl; auto).
    rewrite Hf. reflexivity.
  - rewrite IH. unfold seqmem. f_equal. apply filter_ext_lt. intros; rewrite Hd; auto.
  - pose proof (mrun_star _ _ Hr) as Hstar. pose proof (inv_star _ Hstar) as Hi.
    pose proof (site_at_lt _ _ Hsn) as Hlt.
    assert (Hsplit : seq 0 (len tr) = seq 0 n ++ n :: seq (S n) (len tr - S n)).
    { replace (len tr) with (n + S (len tr - S n))%nat at 1 by lia. rewrite seq_app. reflexivity. }
    rewrite IH. unfold seqmem. rewrite Hsplit, !filter_app. cbn [filter].
    rewrite Hn0, Hn1.
    rewrite (filter_ext_lt (done st') (done st) 0 n) by (intros; apply Hoth; lia).
    rewrite (filter_ext_lt (done st') (done st) (S n)) by (intros; apply Hoth; lia).
    rewrite !fold_left_app. cbn [fold_left].
    rewrite fold_commute; [unfold apply_at; rewrite Hsn; reflexivity|].
    (* the sites completed after n in program order commute with n *)
    intros y Hy x. apply filter_In in Hy as [Hy Hdy]. apply in_seq in Hy.
    destruct (inv_done _ Hi y Hdy) as (sy & Hsy & Hsty & Hordy).
    unfold apply_at. rewrite Hsn, Hsy.
    destruct (Nat.eq_dec (sagent p s) (sagent p sy)) as [Ha|Ha].
    + exfalso. rewrite (Hordy n s ltac:(lia) Hsn ltac:(auto)) in Hn0. discriminate.
    + destruct (conf p sy s) eqn:Hc.
      * exfalso. assert (Hstarted : started st y) by (unfold started; rewrite Hsy; auto).
        rewrite (safety st Hstar y sy Hsy Hstarted n s ltac:(lia) Hsn Ha Hc) in Hn0. discriminate.
      * apply (commute n y s sy ltac:(lia) Hsn Hsy Ha Hc).
Qed.

(** Refinement both ways on memory: every interleaving that finishes leaves
    the sequential (= barrier) result, and some interleaving finishes. *)
Theorem memory_sequential st m : mrun st m -> final st -> m = sequential.
Proof.
  intros Hr [Hown Hsites]. rewrite (memory_invariant _ _ Hr). unfold seqmem, sequential. f_equal.
  apply filter_ext_lt. intros x Hx. pose proof (inv_star _ (mrun_star _ _ Hr)) as Hi.
  destruct (site_at x) as [s|] eqn:Hs; [apply (Hsites x s Hs)|].
  destruct (done st x) eqn:Hd; auto. destruct (inv_done _ Hi x Hd) as (s & Hs' & _). congruence.
Qed.

Theorem some_run_finishes : exists st m, mrun st m /\ final st.
Proof.
  assert (H : forall k st m, mrun st m -> (2 * len tr - measure st <= k)%nat -> exists st' m', mrun st' m' /\ final st').
  { induction k as [|k IH]; intros st m Hr Hk;
      destruct (progress st (mrun_star _ _ Hr)) as [Hf|(st' & Hs)]; eauto.
    - exfalso. pose proof (measure_step _ _ (inv_star _ (mrun_star _ _ Hr)) Hs). pose proof (measure_bound st'). lia.
    - pose proof (measure_step _ _ (inv_star _ (mrun_star _ _ Hr)) Hs) as Hm.
      destruct (step_cases _ _ Hs) as [Hd|(n & s & Hsn & H1 & H2 & H3)].
      + apply (IH st' m); [eapply mrun_exec; eauto|lia].
      + apply (IH st' (eff s m)); [eapply mrun_complete; eauto|lia]. }
  apply (H (2 * len tr)%nat init m0 mrun_init). lia.
Qed.

End Memory.

(** ** Memory, with the conflicts derived from footprints

    The same theorem without the hypothesis [commute]: the sites act on a
    memory of locations through the data-path semantics of Footprint.v,
    and two sites on different hardware units that the checker does not
    relate have no footprint conflict (the checker of objects computes
    [conf] as exactly that, with [fp_conflict]). [exec_commute] proves
    that they commute. Memories are compared pointwise (no functional
    extensionality). What remains assumed: the launch contract ([launch])
    and, for two sub-agents of one hardware unit (the pass's split agents),
    that the unit completes their instances in program order, so that the
    model's other orders of them leave memory unchanged ([in_order_units]). *)
Section MemoryFootprints.
Variable V : Type.
Variable E : env.
Variable na : Z -> bool.
Variable ins : nat -> dinstr V.     (* site -> its instruction *)
Variable unit : nat -> nat.         (* site -> its hardware unit *)
Variable m0 : mem V.
Hypothesis launch : contract E na.
Hypothesis isa_local : forall s, local V E (ins s).
(** Conflicts are those of the footprints, for every pair of instances in
    program order of different units (the checker's conflict relation for
    an object leaves out pairs where s cannot precede c on any path). *)
Hypothesis conf_fp : forall i j c s, (i < j)%nat -> site_at i = Some s -> site_at j = Some c ->
  conf p c s = false -> unit c <> unit s ->
  fp_conflict na (d_fps V (ins c)) (d_fps V (ins s)) = false.
Hypothesis in_order_units : forall s1 s2, unit s1 = unit s2 -> sagent p s1 <> sagent p s2 ->
  forall m l, exec V E (ins s1) (exec V E (ins s2) m) l = exec V E (ins s2) (exec V E (ins s1) m) l.

Definition effx (s : nat) (m : mem V) : mem V := exec V E (ins s) m.
Definition meq (m1 m2 : mem V) : Prop := forall l, m1 l = m2 l.

Lemma apply_ext m1 m2 n : meq m1 m2 -> meq (apply_at (mem V) effx m1 n) (apply_at (mem V) effx m2 n).
Proof.
  intros H l. unfold apply_at. destruct (site_at n); auto. apply exec_ext; auto.
Qed.

Lemma fold_ext l m1 m2 : meq m1 m2 -> meq (fold_left (apply_at (mem V) effx) l m1)
                                          (fold_left (apply_at (mem V) effx) l m2).
Proof.
  revert m1 m2; induction l as [|y l IH]; intros m1 m2 H; simpl; auto. apply IH, apply_ext, H.
Qed.

Lemma fold_commute_pw (l : list nat) n x :
  (forall y, In y l -> forall m, meq (apply_at (mem V) effx (apply_at (mem V) effx m y) n)
                                     (apply_at (mem V) effx (apply_at (mem V) effx m n) y)) ->
  meq (fold_left (apply_at (mem V) effx) l (apply_at (mem V) effx x n))
      (apply_at (mem V) effx (fold_left (apply_at (mem V) effx) l x) n).
Proof.
  revert x; induction l as [|y l IH]; intros x H; simpl; [intros z; auto|].
  intros z. transitivity (fold_left (apply_at (mem V) effx) l
                            (apply_at (mem V) effx (apply_at (mem V) effx x y) n) z).
  - apply fold_ext. intros w. symmetry. apply H. left; auto.
  - apply IH. intros; apply H; right; auto.
Qed.

Theorem memory_invariant_fp st m : mrun (mem V) effx m0 st m -> meq m (seqmem (mem V) effx m0 (done st)).
Proof.
  induction 1 as [|st st' m Hr IH Hs Hd|st st' m n s Hr IH Hs Hsn Hn0 Hn1 Hoth].
  - unfold seqmem. cbn [done init].
    assert (Hf : forall l, filter (fun _ : nat => false) l = []) by (induction l; simpl; auto).
    rewrite Hf. intros l; reflexivity.
  - intros l. rewrite IH. unfold seqmem.
    replace (filter (done st') (seq 0 (len tr))) with (filter (done st) (seq 0 (len tr)));
      [reflexivity|apply filter_ext_lt; intros; rewrite Hd; auto].
  - pose proof (mrun_star _ _ _ _ _ Hr) as Hstar. pose proof (inv_star _ Hstar) as Hi.
    pose proof (site_at_lt _ _ Hsn) as Hlt.
    assert (Hsplit : seq 0 (len tr) = seq 0 n ++ n :: seq (S n) (len tr - S n)).
    { replace (len tr) with (n + S (len tr - S n))%nat at 1 by lia. rewrite seq_app. reflexivity. }
    intros l. transitivity (effx s (seqmem (mem V) effx m0 (done st)) l).
    { apply exec_ext; auto. }
    unfold seqmem. rewrite Hsplit, !filter_app. cbn [filter].
    rewrite Hn0, Hn1.
    rewrite (filter_ext_lt (done st') (done st) 0 n) by (intros; apply Hoth; lia).
    rewrite (filter_ext_lt (done st') (done st) (S n)) by (intros; apply Hoth; lia).
    rewrite !fold_left_app. cbn [fold_left]. symmetry.
    transitivity (apply_at (mem V) effx (fold_left (apply_at (mem V) effx)
       (filter (done st) (seq (S n) (len tr - S n)))
       (fold_left (apply_at (mem V) effx) (filter (done st) (seq 0 n)) m0)) n l).
    2: { unfold apply_at. rewrite Hsn. reflexivity. }
    apply fold_commute_pw.
    intros y Hy x. apply filter_In in Hy as [Hy Hdy]. apply in_seq in Hy.
    destruct (inv_done _ Hi y Hdy) as (sy & Hsy & Hsty & Hordy).
    unfold apply_at. rewrite Hsn, Hsy. intros z.
    destruct (Nat.eq_dec (sagent p s) (sagent p sy)) as [Ha|Ha].
    + exfalso. rewrite (Hordy n s ltac:(lia) Hsn ltac:(auto)) in Hn0. discriminate.
    + destruct (conf p sy s) eqn:Hc.
      * exfalso. assert (Hstarted : started st y) by (unfold started; rewrite Hsy; auto).
        rewrite (safety st Hstar y sy Hsy Hstarted n s ltac:(lia) Hsn Ha Hc) in Hn0. discriminate.
      * destruct (Nat.eq_dec (unit sy) (unit s)) as [Hu|Hu].
        -- unfold effx. apply in_order_units; [symmetry; exact Hu|exact Ha].
        -- unfold effx. apply (exec_commute V E na); auto.
           apply (conf_fp n y sy s); auto; lia.
Qed.

(** Every interleaving that finishes leaves the sequential result. *)
Theorem memory_sequential_fp st m : mrun (mem V) effx m0 st m -> final st ->
  meq m (sequential (mem V) effx m0).
Proof.
  intros Hr [Hown Hsites] l. rewrite (memory_invariant_fp _ _ Hr). unfold seqmem, sequential.
  replace (filter (done st) (seq 0 (len tr))) with
    (filter (fun n => match site_at n with Some _ => true | None => false end) (seq 0 (len tr)));
    [reflexivity|symmetry].
  apply filter_ext_lt. intros x Hx. pose proof (inv_star _ (mrun_star _ _ _ _ _ Hr)) as Hi.
  destruct (site_at x) as [s|] eqn:Hs; [apply (Hsites x s Hs)|].
  destruct (done st x) eqn:Hd; auto. destruct (inv_done _ Hi x Hd) as (s & Hs' & _). congruence.
Qed.

End MemoryFootprints.

End Machine.
